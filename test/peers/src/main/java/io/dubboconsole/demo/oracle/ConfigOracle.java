package io.dubboconsole.demo.oracle;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Java side of the configurator oracle (test/support/config-oracle.ts; with {@code "view":true},
 * test/support/config-view-oracle.ts and DubboConsumerView): configures the
 * consumer URL and each provider URL of a case with the real configurator classes of the
 * Dubbo line this module is built against (DubboConfigurators), in the order a consumer's
 * RegistryDirectory applies them: the registry's `configurators` category, then the
 * application's config-center rule, then the service's.
 *
 * <p>Reads one JSON case per line on stdin, writes one JSON answer per case on stdout:
 * <pre>
 *   {"id":n,"ok":true,"localHost":"..","consumer":URL,"providers":[URL or {"override":URL|null,"effective":{..}}]}
 *   {"id":n,"ok":false,"rule":"app"|"service","error":"java.lang.X: ..."}   a config-center rule failed to parse
 *   {"id":n,"fault":"..."}                                                     the case itself is unusable
 * </pre>
 * where URL is {"protocol","username","host","port","path","parameters":{sorted}}.
 */
public final class ConfigOracle {
    private ConfigOracle() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        Writer out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().isEmpty()) {
                continue;
            }
            out.write(answer(line));
            out.write('\n');
            if (!in.ready()) {
                out.flush();
            }
        }
        out.flush();
        // Dubbo's models leave non-daemon threads behind.
        System.exit(0);
    }

    /** One case, as test/support/config-oracle.ts writes it. */
    public static final class Case {
        public long id;
        public List<String> registry = new ArrayList<String>();
        /** Null: no such rule. */
        public String appRule;
        public String serviceRule;
        public String consumer;
        public List<String> providers = new ArrayList<String>();
        /** A consumer's view of the providers (DubboConsumerView) instead of single configure calls. */
        public boolean view;
        /** The parameters a view reports per provider. */
        public List<String> keys = new ArrayList<String>();
    }

    /** A config-center rule that the line's ConfigParser refused. */
    public static final class RuleFailure extends Exception {
        public final String rule;

        public RuleFailure(String rule, Throwable cause) {
            super(cause.toString(), cause);
            this.rule = rule;
        }
    }

    static String answer(String line) {
        Case c;
        try {
            c = read(line);
        } catch (RuntimeException e) {
            return "{\"id\":-1,\"fault\":" + quoted("unreadable case: " + e) + "}";
        }
        try {
            return c.view ? DubboConsumerView.answer(c) : DubboConfigurators.answer(c);
        } catch (RuleFailure f) {
            StringBuilder out = new StringBuilder("{\"id\":").append(c.id).append(",\"ok\":false,\"rule\":");
            Json.quote(out, f.rule);
            out.append(",\"error\":");
            Json.quote(out, f.getMessage());
            return out.append('}').toString();
        } catch (Throwable t) {
            return "{\"id\":" + c.id + ",\"fault\":" + quoted(t.toString()) + "}";
        }
    }

    @SuppressWarnings("unchecked")
    static Case read(String line) {
        Map<String, Object> m = (Map<String, Object>) Json.parse(line);
        Case c = new Case();
        c.id = ((Double) m.get("id")).longValue();
        for (Object o : (List<Object>) m.get("registry")) {
            c.registry.add((String) o);
        }
        c.appRule = (String) m.get("appRule");
        c.serviceRule = (String) m.get("serviceRule");
        c.consumer = (String) m.get("consumer");
        for (Object o : (List<Object>) m.get("providers")) {
            c.providers.add((String) o);
        }
        c.view = Boolean.TRUE.equals(m.get("view"));
        if (m.get("keys") != null) {
            for (Object o : (List<Object>) m.get("keys")) {
                c.keys.add((String) o);
            }
        }
        return c;
    }

    static String quoted(String s) {
        StringBuilder out = new StringBuilder();
        Json.quote(out, s);
        return out.toString();
    }

    /** A URL as JSON: its parts and its parameters sorted by name. */
    public static void url(StringBuilder out, String protocol, String username, String host, int port, String path, Map<String, String> parameters) {
        out.append("{\"protocol\":");
        Json.quote(out, protocol == null ? "" : protocol);
        out.append(",\"username\":");
        Json.quote(out, username == null ? "" : username);
        out.append(",\"host\":");
        Json.quote(out, host == null ? "" : host);
        out.append(",\"port\":").append(port).append(",\"path\":");
        Json.quote(out, path == null ? "" : path);
        out.append(",\"parameters\":");
        map(out, parameters);
        out.append('}');
    }

    /** A string map as a JSON object, keys sorted; null values as JSON null. */
    public static void map(StringBuilder out, Map<String, String> m) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<String, String>(m).entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            Json.quote(out, e.getKey());
            out.append(':');
            if (e.getValue() == null) {
                out.append("null");
            } else {
                Json.quote(out, e.getValue());
            }
        }
        out.append('}');
    }
}
