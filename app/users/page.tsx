import type { Metadata } from "next";
import { UsersView } from "@/components/users/users-view";

export const metadata: Metadata = { title: "Users" };

/** Who may sign in and which API tokens exist (admin only; read-only: `npm run users` changes them). */
export default function UsersPage() {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-xl font-semibold">Users</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">The users and API tokens of the users file, with their roles. Hashes never leave the server.</p>
      </header>
      <UsersView />
    </div>
  );
}
