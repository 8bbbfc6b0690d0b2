import { describe, expect, it } from "vitest";
import { type PromSample, PromTextError, parsePromText } from "@/lib/metrics/prometheus-text";

/** Lines as Dubbo 3.3's Prometheus reporter writes them (QoS `metrics`): the label set ends with a comma. */
const DUBBO_33 = [
  "# HELP dubbo_provider_requests_total Total Requests",
  "# TYPE dubbo_provider_requests_total counter",
  'dubbo_provider_requests_total{application_module_id="1.0",application_name="demo-provider-33",group="",interface="io.dubboconsole.demo.api.GreetingService",method="whoAmI",version="",} 459.0',
  'dubbo_provider_requests_total{application_module_id="1.0",application_name="demo-provider-33",group="",interface="io.dubboconsole.demo.api.GreetingService",method="greet",version="",} 12.0',
  "# HELP dubbo_provider_rt_milliseconds_histogram_seconds_bucket",
  'dubbo_provider_rt_milliseconds_histogram_seconds_bucket{interface="io.dubboconsole.demo.api.GreetingService",method="whoAmI",le="0.001",} 41.0',
  'dubbo_provider_rt_milliseconds_histogram_seconds_bucket{interface="io.dubboconsole.demo.api.GreetingService",method="whoAmI",le="+Inf",} 44.0',
].join("\n");

const WHO_AM_I = { application_module_id: "1.0", application_name: "demo-provider-33", group: "", interface: "io.dubboconsole.demo.api.GreetingService", method: "whoAmI", version: "" };

/** The PromTextError `text` throws (fails the test when it parses). */
function refusal(text: string, options?: Parameters<typeof parsePromText>[1]): PromTextError {
  try {
    parsePromText(text, options);
  } catch (e) {
    expect(e).toBeInstanceOf(PromTextError);
    return e as PromTextError;
  }
  throw new Error(`parsed: ${JSON.stringify(text)}`);
}

describe("parsePromText on Dubbo 3.3's output", () => {
  it("reads each sample with its labels (the trailing comma allowed) and skips # HELP / # TYPE", () => {
    expect(parsePromText(DUBBO_33)).toEqual<PromSample[]>([
      { name: "dubbo_provider_requests_total", labels: WHO_AM_I, value: 459 },
      { name: "dubbo_provider_requests_total", labels: { ...WHO_AM_I, method: "greet" }, value: 12 },
      { name: "dubbo_provider_rt_milliseconds_histogram_seconds_bucket", labels: { interface: "io.dubboconsole.demo.api.GreetingService", method: "whoAmI", le: "0.001" }, value: 41 },
      { name: "dubbo_provider_rt_milliseconds_histogram_seconds_bucket", labels: { interface: "io.dubboconsole.demo.api.GreetingService", method: "whoAmI", le: "+Inf" }, value: 44 },
    ]);
  });

  it("reads the same text with CRLF line ends and blank lines between", () => {
    const crlf = `\r\n${DUBBO_33.split("\n").join("\r\n\r\n")}\r\n\r\n`;
    expect(parsePromText(crlf)).toEqual(parsePromText(DUBBO_33));
    expect(parsePromText(crlf)).toHaveLength(4);
  });

  it("is empty for a text of comments and blank lines only", () => {
    expect(parsePromText("# HELP x y\n\n   \n# TYPE x counter\n")).toEqual([]);
    expect(parsePromText("")).toEqual([]);
  });
});

describe("parsePromText, the rest of the format", () => {
  it("reads a sample without labels, an empty label set, and one with a timestamp after the value", () => {
    expect(parsePromText("process_uptime_seconds 12.5\nup{} 1\njvm_threads 42 1700000000123\nold -3 -1000")).toEqual([
      { name: "process_uptime_seconds", labels: {}, value: 12.5 },
      { name: "up", labels: {}, value: 1 },
      { name: "jvm_threads", labels: {}, value: 42 },
      { name: "old", labels: {}, value: -3 },
    ]);
  });

  it("keeps NaN, +Inf and -Inf as such, and reads exponents", () => {
    const [nan, inf, minusInf, exp, dot] = parsePromText("a NaN\nb +Inf\nc -Inf\nd 1.5e3\ne .25");
    expect(Number.isNaN(nan!.value)).toBe(true);
    expect(inf!.value).toBe(Number.POSITIVE_INFINITY);
    expect(minusInf!.value).toBe(Number.NEGATIVE_INFINITY);
    expect(exp!.value).toBe(1500);
    expect(dot!.value).toBe(0.25);
  });

  it("unescapes \\\", \\\\ and \\n in label values", () => {
    const [s] = parsePromText('m{a="say \\"hi\\"",b="C:\\\\dir",c="one\\ntwo",d="x,y}=z"} 1');
    expect(s!.labels).toEqual({ a: 'say "hi"', b: "C:\\dir", c: "one\ntwo", d: "x,y}=z" });
  });

  it("takes le=\"+Inf\" as a plain label value, and spaces around labels", () => {
    expect(parsePromText('h_bucket{ le="+Inf" , job="x" } 7 ')).toEqual([{ name: "h_bucket", labels: { le: "+Inf", job: "x" }, value: 7 }]);
  });

  it("accepts the name characters colon and underscore", () => {
    expect(parsePromText("_a:b_c 2")).toEqual([{ name: "_a:b_c", labels: {}, value: 2 }]);
  });
});

describe("parsePromText refusals, with the 1-based line", () => {
  it("an unclosed label value", () => {
    const e = refusal('ok 1\n# c\nm{a="open} 1');
    expect([e.line, e.reason]).toEqual([3, "label a's value is not closed"]);
    expect(e.message).toBe("Prometheus text, line 3: label a's value is not closed");
    expect(e.name).toBe("PromTextError");
  });

  it("an unknown escape", () => {
    const e = refusal('\nm{a="tab\\t"} 1');
    expect([e.line, e.reason]).toEqual([2, "label a: unknown escape \\t"]);
  });

  it("a label given twice", () => {
    const e = refusal('m{a="1",b="2",a="3"} 1');
    expect([e.line, e.reason]).toEqual([1, "label a twice"]);
  });

  it("a missing value, after labels or after a bare name", () => {
    expect([refusal('ok 1\r\nm{a="1"}').line, refusal('ok 1\r\nm{a="1"}').reason]).toEqual([2, "a value (and at most a timestamp) expected after the labels"]);
    expect(refusal("a 1\nb 2\n\nlonely").line).toBe(4);
  });

  it("a value that is not a number", () => {
    const e = refusal("m 12abc");
    expect([e.line, e.reason]).toEqual([1, '"12abc" is not a number']);
    expect(refusal("m inf").reason).toBe('"inf" is not a number');
  });

  it("a timestamp that is not whole milliseconds, or more after it", () => {
    const e = refusal("a 1\nm 1 12.5");
    expect([e.line, e.reason]).toEqual([2, '"12.5" is not a timestamp']);
    expect(refusal("m 1 2 3").reason).toBe("a value (and at most a timestamp) expected after the labels");
  });

  it("junk that is no sample", () => {
    const e = refusal("a 1\n\n<html>");
    expect([e.line, e.reason]).toEqual([3, 'a sample starts with a metric name, got "<html>"']);
    expect(refusal("m{1a=\"x\"} 1").reason).toBe("a label name expected at column 3");
    expect(refusal("m{a=1} 1").reason).toBe('label a needs ="value"');
    expect(refusal('m{a="1" b="2"} 1').reason).toBe('"," or "}" expected after label a');
  });
});

describe("parsePromText options", () => {
  it("keeps only the samples `keep` accepts, in order", () => {
    const kept = parsePromText("a 1\nb 2\na 3\nc 4", { keep: (n) => n === "a" });
    expect(kept.map((s) => [s.name, s.value])).toEqual([
      ["a", 1],
      ["a", 3],
    ]);
  });

  it("still checks the lines it does not keep", () => {
    expect(refusal("a 1\nb oops", { keep: (n) => n === "a" }).line).toBe(2);
  });

  it("throws on the first kept sample over maxSamples, counting only kept ones", () => {
    expect(parsePromText("a 1\nb 2\na 3", { maxSamples: 2, keep: (n) => n === "a" })).toHaveLength(2);
    const e = refusal("a 1\nb 2\na 3\na 4", { maxSamples: 2 });
    expect([e.line, e.reason]).toEqual([3, "more than 2 samples"]);
    expect(parsePromText("a 1\na 2", { maxSamples: 2 })).toHaveLength(2);
  });
});
