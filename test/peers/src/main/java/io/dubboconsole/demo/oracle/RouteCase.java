package io.dubboconsole.demo.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One question to the oracle: a condition rule with its options, the consumer that routes,
 * the call it makes (or none) and the provider URLs it sees, as registered (decoded).
 * Mirrors the JSON of test/support/route-oracle.ts.
 */
public final class RouteCase {
    public final long id;
    public final String rule;
    public final boolean force;
    public final boolean enabled;
    public final String consumer;
    /** Null when the case routes without an invocation (as a directory refresh does). */
    public final Call invocation;
    public final List<String> providers;

    /**
     * The call being routed: method name, String arguments (null items allowed), attachments.
     * A method or arguments missing from the JSON stay unset on the RpcInvocation, as in
     * Dubbo's own tests' `new RpcInvocation()`.
     */
    public static final class Call {
        /** Null when the JSON has no method. */
        public final String method;
        /** Null when the JSON has no arguments. */
        public final List<String> arguments;
        public final Map<String, String> attachments;

        Call(String method, List<String> arguments, Map<String, String> attachments) {
            this.method = method;
            this.arguments = arguments;
            this.attachments = attachments;
        }

        /** Null when the JSON has no arguments. */
        public Object[] argumentArray() {
            return arguments == null ? null : arguments.toArray(new Object[0]);
        }

        /** String for every argument; null when the JSON has no arguments. */
        public Class<?>[] parameterTypes() {
            if (arguments == null) {
                return null;
            }
            Class<?>[] types = new Class<?>[arguments.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = String.class;
            }
            return types;
        }
    }

    public RouteCase(long id, String rule, boolean force, boolean enabled, String consumer, Call invocation, List<String> providers) {
        this.id = id;
        this.rule = rule;
        this.force = force;
        this.enabled = enabled;
        this.consumer = consumer;
        this.invocation = invocation;
        this.providers = providers;
    }

    /** Reads one input line; throws IllegalArgumentException naming what is wrong. */
    static RouteCase fromJson(String line) {
        Object parsed = Json.parse(line);
        if (!(parsed instanceof Map)) {
            throw new IllegalArgumentException("a case must be a JSON object");
        }
        Map<?, ?> m = (Map<?, ?>) parsed;
        long id = m.get("id") instanceof Double ? ((Double) m.get("id")).longValue() : -1;
        return new RouteCase(
                id,
                string(m, "rule", false),
                bool(m, "force", false),
                bool(m, "enabled", true),
                string(m, "consumer", false),
                call(m.get("invocation")),
                strings(m.get("providers"), "providers", false));
    }

    /** The id of a line that could not be read as a case, or -1. */
    static long idOf(String line) {
        try {
            Object parsed = Json.parse(line);
            if (parsed instanceof Map && ((Map<?, ?>) parsed).get("id") instanceof Double) {
                return ((Double) ((Map<?, ?>) parsed).get("id")).longValue();
            }
        } catch (RuntimeException ignored) {
            // not JSON at all: no id to answer with
        }
        return -1;
    }

    private static String string(Map<?, ?> m, String key, boolean nullable) {
        Object v = m.get(key);
        if (v instanceof String || (v == null && nullable)) {
            return (String) v;
        }
        throw new IllegalArgumentException("\"" + key + "\" must be a string");
    }

    private static boolean bool(Map<?, ?> m, String key, boolean absent) {
        Object v = m.get(key);
        if (v == null) {
            return absent;
        }
        if (v instanceof Boolean) {
            return (Boolean) v;
        }
        throw new IllegalArgumentException("\"" + key + "\" must be true or false");
    }

    private static List<String> strings(Object v, String what, boolean nullItems) {
        if (v == null) {
            return Collections.emptyList();
        }
        if (!(v instanceof List)) {
            throw new IllegalArgumentException("\"" + what + "\" must be an array");
        }
        List<String> out = new ArrayList<String>();
        for (Object item : (List<?>) v) {
            if (item instanceof String || (item == null && nullItems)) {
                out.add((String) item);
            } else {
                throw new IllegalArgumentException("\"" + what + "\" must hold strings");
            }
        }
        return out;
    }

    private static Call call(Object v) {
        if (v == null) {
            return null;
        }
        if (!(v instanceof Map)) {
            throw new IllegalArgumentException("\"invocation\" must be an object or null");
        }
        Map<?, ?> m = (Map<?, ?>) v;
        Map<String, String> attachments = new LinkedHashMap<String, String>();
        Object a = m.get("attachments");
        if (a instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) a).entrySet()) {
                if (!(e.getValue() instanceof String)) {
                    throw new IllegalArgumentException("attachment values must be strings");
                }
                attachments.put((String) e.getKey(), (String) e.getValue());
            }
        } else if (a != null) {
            throw new IllegalArgumentException("\"attachments\" must be an object");
        }
        Object arguments = m.get("arguments");
        return new Call(string(m, "method", true), arguments == null ? null : strings(arguments, "arguments", true), attachments);
    }
}
