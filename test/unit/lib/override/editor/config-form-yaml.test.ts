import { describe, expect, it } from "vitest";
import { type ConfigTarget, emptyConfigForm } from "@/lib/override/editor/config-form";
import { formToYaml, yamlToForm } from "@/lib/override/editor/config-form-yaml";

const service: ConfigTarget = { kind: "service", service: "io.example.DemoService", group: "", version: "1.0.0", key: "io.example.DemoService:1.0.0" };
const timeout = { ...emptyConfigForm(service), parameters: [{ key: "timeout", value: "3000" }] };

describe("formToYaml", () => {
  it("renders the form's timeout override as the config-center rule the console writes", () => {
    expect(formToYaml(timeout, service)).toBe(
      ["configVersion: v3.0", "scope: service", 'key: "io.example.DemoService:1.0.0"', "enabled: true", "configs:", "  - side: consumer", "    parameters:", '      "timeout": "3000"', "    enabled: true", ""].join("\n"),
    );
  });

  it("gives no YAML while the form has errors", () => {
    expect(formToYaml({ ...timeout, parameters: [{ key: "timeout", value: "" }] }, service)).toBeNull();
  });
});

describe("yamlToForm", () => {
  it("marks the last line with text when the fault is at the end of the text", () => {
    const text = formToYaml(timeout, service)!.replace('    enabled: true\n', '    enabled: [true\n');
    const result = yamlToForm(text, service);
    if (result.ok) throw new Error("accepted");
    expect(result.fault.to).toBeLessThanOrEqual(text.trimEnd().length);
    expect(result.fault.from).toBeLessThan(result.fault.to);
  });

  it("reads an edited value back into the form", () => {
    const text = formToYaml(timeout, service)!.replace('"3000"', '"5000"').replace("side: consumer", 'side: consumer\n    addresses: ["10.0.0.9"]');
    const result = yamlToForm(text, service);
    expect(result.ok && result.values).toEqual({ ...timeout, addresses: ["10.0.0.9"], parameters: [{ key: "timeout", value: "5000" }] });
  });

  it("points at the line and column of YAML that does not load", () => {
    const text = formToYaml(timeout, service)!.replace('"timeout": "3000"', '"timeout": [3000');
    const result = yamlToForm(text, service);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fault.line).toBeGreaterThanOrEqual(8);
    expect(result.fault.from).toBeGreaterThan(text.indexOf("parameters:"));
  });

  it("refuses a field a configurator item does not have, at that field", () => {
    const text = formToYaml(timeout, service)!.replace("    parameters:", "    colour: red\n    parameters:");
    const result = yamlToForm(text, service);
    expect(result.ok ? null : [result.fault.line, text.slice(result.fault.from, result.fault.from + 6)]).toEqual([7, "colour"]);
  });

  it("refuses a rule for another service at its key", () => {
    const text = formToYaml(timeout, service)!.replace('key: "io.example.DemoService:1.0.0"', 'key: "io.example.Other"');
    const result = yamlToForm(text, service);
    expect(result.ok ? null : [result.fault.line, result.fault.message]).toEqual([3, "this editor writes rules of io.example.DemoService:1.0.0: `key` names another service"]);
  });
});
