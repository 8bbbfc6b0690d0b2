// Next.js resolves `server-only` to a no-op on the server; tests run on the server side too.
export {};
