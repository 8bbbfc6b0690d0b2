/** `host:port` of a provider URL string (`dubbo://10.0.0.1:20880/…`), or the URL itself when it has no authority. */
export function providerAddress(url: string): string {
  const m = /^[^:/]+:\/\/(?:[^@/]*@)?([^/?#]+)/.exec(url);
  return m?.[1] ?? url;
}
