import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/errors";
import { parseStartOptions } from "../../../scripts/start-options";

describe("parseStartOptions (next start's options, read by scripts/start.mjs)", () => {
  it("listens on PORT, else 3000, on every address, in the working folder, by default", () => {
    expect(parseStartOptions([], {}, "/app")).toEqual({ dir: "/app", hostname: undefined, port: 3000, keepAliveTimeout: undefined });
    expect(parseStartOptions([], { PORT: "8080" }, "/app").port).toBe(8080);
  });

  it("takes -p/--port over PORT, -H/--hostname, --keepAliveTimeout and a project folder", () => {
    expect(parseStartOptions(["-H", "127.0.0.1", "-p", "3100"], { PORT: "8080" }, "/app")).toEqual({ dir: "/app", hostname: "127.0.0.1", port: 3100, keepAliveTimeout: undefined });
    expect(parseStartOptions(["--hostname=::1", "--port", "0", "--keepAliveTimeout", "65000", "/srv/console"], {}, "/app")).toEqual({
      dir: "/srv/console",
      hostname: "::1",
      port: 0,
      keepAliveTimeout: 65000,
    });
  });

  it.each([
    [["-p", "70000"], "invalid port: \"70000\" is not an integer from 0 to 65535"],
    [["-p", "80a"], "invalid port: \"80a\" is not an integer from 0 to 65535"],
    [["--keepAliveTimeout", "5s"], "invalid --keepAliveTimeout: \"5s\" is not a whole number of milliseconds"],
    [["a", "b"], "invalid options: one project directory at most, got a b"],
  ])("refuses %j with a ConfigError saying why", (args, message) => {
    expect(() => parseStartOptions(args, {}, "/app")).toThrow(ConfigError);
    expect(() => parseStartOptions(args, {}, "/app")).toThrow(message);
  });

  it("refuses an option next start does not have, naming it", () => {
    expect(() => parseStartOptions(["--turbo"], {}, "/app")).toThrow(ConfigError);
    expect(() => parseStartOptions(["--turbo"], {}, "/app")).toThrow(/invalid options: .*--turbo/);
  });

  it("refuses a PORT that is not a port, as the configuration check does", () => {
    expect(() => parseStartOptions([], { PORT: "-1" }, "/app")).toThrow("invalid port");
  });
});
