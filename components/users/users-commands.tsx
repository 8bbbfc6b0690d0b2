/** The `npm run users` commands that change users and tokens, as text to copy to the console's host. */
const COMMANDS: readonly (readonly [string, string])[] = [
  ["npm run users -- add NAME --role ROLE", "add a user; the password is read from stdin or asked for without echo"],
  ["npm run users -- passwd NAME", "set a new password"],
  ["npm run users -- role NAME ROLE", "give a user another role (their sessions end at their next request)"],
  ["npm run users -- remove NAME", "remove a user (signed out at their next request)"],
  ["npm run users -- token NAME --role ROLE", "create an API token, printed once; only its SHA-256 is kept"],
  ["npm run users -- revoke NAME", "revoke an API token"],
  ["npm run users -- list", "names and roles, never a hash"],
];

/**
 * How to change users: the console only reads the users file, so changes are made with the
 * CLI on a host that holds the file (every replica re-reads it when it changes).
 */
export function UsersCommands() {
  return (
    <section className="space-y-2" data-testid="users-commands">
      <h2 className="text-sm font-semibold">Changing users and tokens</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        This page is read-only. Run these where the users file is (<code>CONSOLE_USERS_FILE</code>, or <code>--file PATH</code>); the console picks up
        the change at the next request. Roles: viewer, operator, invoker, admin.
      </p>
      <dl className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {COMMANDS.map(([command, what]) => (
          <div key={command} className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(0,22rem)_1fr] sm:gap-4">
            <dt>
              <code className="break-all font-mono text-xs">{command}</code>
            </dt>
            <dd className="text-zinc-600 dark:text-zinc-400">{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
