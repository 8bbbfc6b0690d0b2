import { describe, expect, it } from "vitest";
import { parseRouterSnapshots } from "@/lib/dubbo/qos/router-snapshot-text";

// Shaped as a real 3.3.6 consumer answered (test/integration/router-snapshots.test.ts asks one); routers trimmed.
const KEY = "io.dubboconsole.demo.api.GreetingService:18.4.0";
const kept = (at: number, out: string, chain: number) =>
  `${at} - Router snapshot service ${KEY} from registry 192.0.2.2 on the consumer 192.0.2.2 using the dubbo version 3.3.6 is below: \n` +
  `[ Parent (Input: 3) (Current Node Output: 3) (Chain Node Output: ${chain}) ] Input: 127.0.0.172:1,127.0.0.171:2,127.0.0.173:3 -> Chain Node Output: ${out}\n` +
  `  [ MockInvokersSelector (Input: 3) (Current Node Output: 3) (Chain Node Output: ${chain}) Router message: invocation.need.mock not set. Return normal Invokers. ] Current Node Output: 127.0.0.172:1,127.0.0.171:2,127.0.0.173:3\n` +
  `    [ ServiceStateRouter (Input: 3) (Current Node Output: ${chain}) (Chain Node Output: ${chain}) ] Current Node Output: ${out}\n`;

describe("parseRouterSnapshots", () => {
  it("reads each call's service, time, chain output and routers, oldest first", () => {
    const text = `${kept(1796646559050, "127.0.0.172:1,127.0.0.173:3", 2)}\n${kept(1796646558939, "127.0.0.172:1,127.0.0.171:2,127.0.0.173:3", 3)}\n`;
    const [first, second] = parseRouterSnapshots(text);
    expect(first).toEqual({
      at: 1796646558939,
      service: KEY,
      input: 3,
      output: 3,
      addresses: ["127.0.0.172:1", "127.0.0.171:2", "127.0.0.173:3"],
      truncated: false,
      routers: [
        { name: "MockInvokersSelector", input: 3, output: 3, chainOutput: 3, message: "invocation.need.mock not set. Return normal Invokers." },
        { name: "ServiceStateRouter", input: 3, output: 3, chainOutput: 3, message: null },
      ],
    });
    expect([second!.output, second!.addresses]).toEqual([2, ["127.0.0.172:1", "127.0.0.173:3"]]);
  });

  it("reads an empty result and a list cut at five", () => {
    const empty = `5 - No provider available after route for the service ${KEY} from registry 192.0.2.2 on the consumer 192.0.2.2 using the dubbo version 3.3.6. Router snapshot is below: \n[ Parent (Input: 3) (Current Node Output: 3) (Chain Node Output: 0) ] Input: a:1,b:2,c:3 -> Chain Node Output: Empty\n`;
    expect(parseRouterSnapshots(empty)).toEqual([{ at: 5, service: KEY, input: 3, output: 0, addresses: [], truncated: false, routers: [] }]);
    const many = `6 - Router snapshot service ${KEY} from registry r on the consumer c using the dubbo version 3.3.6 is below: \n[ Parent (Input: 7) (Current Node Output: 7) (Chain Node Output: 7) ] Input: a:1 -> Chain Node Output: a:1,b:2,c:3,d:4,e:5...\n`;
    expect(parseRouterSnapshots(many)[0]).toMatchObject({ output: 7, addresses: ["a:1", "b:2", "c:3", "d:4", "e:5"], truncated: true });
  });

  it("answers nothing for an empty answer or other text", () => {
    expect(parseRouterSnapshots("")).toEqual([]);
    expect(parseRouterSnapshots("null\nnull\n[ Parent (Input: 1) (Current Node Output: 1) (Chain Node Output: 1) ] x")).toEqual([]);
  });
});
