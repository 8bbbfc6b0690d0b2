/**
 * `npm run users -- <command>`: manage the users file (CONSOLE_USERS_FILE or --file PATH)
 * without hashing by hand. See server/auth/users-cli.ts and docs/operations.md, "Users and roles".
 *
 *   add NAME --role ROLE    new user; the password from stdin, or prompted for without echo
 *   passwd NAME             new password, read the same way
 *   role NAME ROLE          another role
 *   remove NAME             remove a user
 *   token NAME --role ROLE  new API token, printed once on stdout; only its SHA-256 is kept
 *   revoke NAME             remove a token
 *   list                    users and tokens with their roles, never a hash
 */
import { createInterface } from "node:readline";
import { runUsersCli } from "../server/auth/users-cli";

/** All of stdin (a pipe or file): its first line is the password. */
async function passwordFromPipe(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return (Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "");
}

/** Asks on the terminal without echoing what is typed. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stderr.write(question);
    // Echo nothing of the answer (readline has no option for it).
    output._writeToOutput = () => undefined;
    rl.question("", (answer) => {
      rl.close();
      process.stderr.write("\n");
      resolve(answer);
    });
  });
}

async function readPassword(name: string): Promise<string> {
  if (!process.stdin.isTTY) return passwordFromPipe();
  const first = await prompt(`password for ${name}: `);
  const again = await prompt("again: ");
  if (first !== again) throw new Error("the passwords differ; nothing changed");
  return first;
}

process.exitCode = await runUsersCli(process.argv.slice(2), {
  env: process.env,
  readPassword,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
