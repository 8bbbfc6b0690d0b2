import Link from "next/link";
import type { ReactNode } from "react";
import { addressHref, applicationHref, serviceHref } from "@/lib/format/hrefs";
import { cn } from "@/lib/cn";
import { JavaName } from "../ui/java-name";
import { VisibleText } from "../ui/visible-text";


/** An application's name, linking to its page; the name never breaks; invisible characters show escaped. */
export function ApplicationLink({ name, className }: { name: string; className?: string }) {
  return (
    <Link href={applicationHref(name)} className={cn("entity-link whitespace-nowrap", className)}>
      <VisibleText text={name} />
    </Link>
  );
}

/** A host or host:port, linking to its page. */
export function AddressLink({ value, className }: { value: string; className?: string }) {
  return (
    <Link href={addressHref(value)} className={cn("entity-link font-mono whitespace-nowrap", className)}>
      <VisibleText text={value} />
    </Link>
  );
}

/** A service's interface (breaking only at dots), linking to the service's page; group and version follow when given. */
export function ServiceLink({ serviceKey, iface, className, children }: { serviceKey: string; iface: string; className?: string; children?: ReactNode }) {
  return (
    <Link
      href={serviceHref(serviceKey)}
      // The simple name in the link colour, the package muted as everywhere else.
      className={cn("entity-link decoration-brand-500 [&>[data-java-name]>span:last-child]:text-brand-700 dark:[&>[data-java-name]>span:last-child]:text-sky-300", className)}
      data-service-link={serviceKey}
    >
      <JavaName name={iface} />
      {children}
    </Link>
  );
}
