package io.dubboconsole.demo.oracle;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * The Java side of the condition-route oracle (test/support/route-oracle.ts): routes each
 * case with the real Dubbo router of the line this module is built against (DubboRouting).
 *
 * <p>Without arguments: reads one JSON case per line on stdin and writes one JSON answer per
 * case on stdout, in order, flushing whenever no more input is waiting:
 * <pre>
 *   {"id":n,"ok":true,"result":[indices into providers, in returned order],"whenMatched":true|false|null}
 *   {"id":n,"ok":false,"error":"java.lang.IllegalStateException: ...","offset":k}   the router's constructor refused the rule
 *   {"id":n,"fault":"..."}                                                          the case itself is unusable (bad JSON, bad URL)
 * </pre>
 * Exits 0 at the end of stdin. With {@code bench ...}: see {@link RouteBench}.
 */
public final class RouteOracle {
    private RouteOracle() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && "bench".equals(args[0])) {
            RouteBench.run(args);
        } else {
            serve();
        }
        // Dubbo's models leave non-daemon threads behind.
        System.exit(0);
    }

    private static void serve() throws Exception {
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
    }

    /** The answer line to one input line; never throws. */
    static String answer(String line) {
        RouteCase c;
        try {
            c = RouteCase.fromJson(line);
        } catch (RuntimeException e) {
            return fault(RouteCase.idOf(line), "unreadable case: " + e.getMessage());
        }
        StringBuilder out = new StringBuilder(64);
        try {
            PreparedRoute route = DubboRouting.prepare(c);
            int[] result = route.route();
            Boolean when = route.whenMatched();
            out.append("{\"id\":").append(c.id).append(",\"ok\":true,\"result\":[");
            for (int i = 0; i < result.length; i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(result[i]);
            }
            out.append("],\"whenMatched\":").append(when == null ? "null" : when.toString()).append('}');
            return out.toString();
        } catch (RuleRejectedException e) {
            out.append("{\"id\":").append(c.id).append(",\"ok\":false,\"error\":");
            Json.quote(out, e.getMessage());
            int offset = e.offset();
            if (offset >= 0) {
                out.append(",\"offset\":").append(offset);
            }
            return out.append('}').toString();
        } catch (Throwable t) {
            return fault(c.id, t.toString());
        }
    }

    private static String fault(long id, String message) {
        StringBuilder out = new StringBuilder("{\"id\":").append(id).append(",\"fault\":");
        Json.quote(out, message);
        return out.append('}').toString();
    }
}
