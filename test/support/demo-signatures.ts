import type { MethodSignature } from "@/lib/dubbo/service-definition";

/**
 * The exact signatures of the demo services in test/peers/src/.../api, written from the
 * Java source by hand (not read from any registry), in the order `compareMethods` sorts
 * them: by name, then number of parameters, then parameter types.
 */
const USER = "io.dubboconsole.demo.api.User";
const ADDRESS = "io.dubboconsole.demo.api.Address";
const COLOR = "io.dubboconsole.demo.api.Color";
const STRING = "java.lang.String";

const m = (name: string, parameterTypes: string[], returnType: string): MethodSignature => ({ name, parameterTypes, returnType });

export const GREETING_METHODS: MethodSignature[] = [m("greet", [STRING], STRING), m("whoAmI", [], STRING)];

export const TYPES_METHODS: MethodSignature[] = [
  m("addressesByCity", [`java.util.List<${USER}>`], `java.util.Map<${STRING},java.util.List<${ADDRESS}>>`),
  m("describe", ["int"], STRING),
  m("describe", [STRING], STRING),
  m("describe", [STRING, "int"], STRING),
  m("echoBoolean", ["boolean"], "boolean"),
  m("echoBytes", ["byte[]"], "byte[]"),
  m("echoChar", ["char"], "char"),
  m("echoDate", ["java.util.Date"], "java.util.Date"),
  m("echoDecimal", ["java.math.BigDecimal"], "java.math.BigDecimal"),
  m("echoDouble", ["double"], "double"),
  m("echoEnum", [COLOR], COLOR),
  m("echoInt", ["int"], "int"),
  m("echoIntArray", ["int[]"], "int[]"),
  m("echoList", [`java.util.List<${STRING}>`], `java.util.List<${STRING}>`),
  m("echoLong", ["long"], "long"),
  m("echoMap", [`java.util.Map<${STRING},java.lang.Integer>`], `java.util.Map<${STRING},java.lang.Integer>`),
  m("echoSet", ["java.util.Set<java.lang.Integer>"], "java.util.Set<java.lang.Integer>"),
  m("echoString", [STRING], STRING),
  m("echoStringArray", [`${STRING}[]`], `${STRING}[]`),
  m("echoUser", [USER], USER),
  m("echoUserArray", [`${USER}[]`], `${USER}[]`),
  m("findUser", ["long"], USER),
  m("now", [], "java.util.Date"),
  m("ping", [], "void"),
  m("record", [STRING], "void"),
];

export const FAULT_METHODS: MethodSignature[] = [
  m("checkedFailure", [STRING], STRING),
  m("largeList", ["int"], `java.util.List<${USER}>`),
  m("largeText", ["int"], STRING),
  m("runtimeFailure", [STRING], STRING),
  m("slow", ["int"], STRING),
];

/** User's bean properties as both Dubbo lines describe them. */
export const USER_PROPERTIES = {
  address: ADDRESS,
  balance: "java.math.BigDecimal",
  createdAt: "java.util.Date",
  favouriteColor: COLOR,
  id: "long",
  labels: `java.util.Map<${STRING},${STRING}>`,
  name: STRING,
  previousAddresses: `java.util.List<${ADDRESS}>`,
};
