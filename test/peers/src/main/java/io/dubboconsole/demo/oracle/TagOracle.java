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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Java side of the tag-router oracle (test/support/tag-oracle.ts): each case goes through
 * the real tag router of the Dubbo line this module is built against (DubboTagRouting: 2.7.23
 * TagRouter, 3.3.6 TagStateRouter), built as a consumer builds it, notified of the case's rule
 * texts in order, then routing one call.
 *
 * <p>Reads one JSON case per line on stdin, writes one JSON answer per case on stdout, in order,
 * flushing whenever no more input is waiting:
 * <pre>
 *   {"id":n,"kept":[indices into providers, input order],"ruleLoaded":true|false}
 *   {"id":n,"kept":[],"ruleLoaded":true|false,"thrown":"java.lang.X"}   route() itself threw
 *   {"id":n,"fault":"..."}                                              the case itself is unusable (bad JSON, bad URL)
 * </pre>
 * A case is {"id":n,"rules":[text or null],"consumer":"..","providers":[".."],"attachments":{..}}
 * (lib/tag/tag-case.ts TagCase). Exits 0 at the end of stdin. With {@code bench ...}: see {@link TagBench}.
 */
public final class TagOracle {
    private TagOracle() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && "bench".equals(args[0])) {
            TagBench.run(args);
            System.exit(0);
        }
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

    /** One case, as test/support/tag-oracle.ts writes it. */
    public static final class Case {
        public long id;
        /** The rule texts notified in order; a null entry is a DELETED event. */
        public List<String> rules = new ArrayList<String>();
        public String consumer;
        public List<String> providers = new ArrayList<String>();
        public Map<String, String> attachments = new LinkedHashMap<String, String>();
    }

    /** What the router did: the kept positions, whether it held a rule, and what route() threw (null: nothing). */
    public static final class Answer {
        final int[] kept;
        final boolean ruleLoaded;
        final String thrown;

        Answer(int[] kept, boolean ruleLoaded, String thrown) {
            this.kept = kept;
            this.ruleLoaded = ruleLoaded;
            this.thrown = thrown;
        }
    }

    static String answer(String line) {
        Case c;
        try {
            c = read(line);
        } catch (RuntimeException e) {
            return "{\"id\":-1,\"fault\":" + ConfigOracle.quoted("unreadable case: " + e) + "}";
        }
        Answer a;
        try {
            a = DubboTagRouting.answer(c);
        } catch (Throwable t) {
            return "{\"id\":" + c.id + ",\"fault\":" + ConfigOracle.quoted(t.toString()) + "}";
        }
        StringBuilder out = new StringBuilder(64).append("{\"id\":").append(c.id).append(",\"kept\":[");
        for (int i = 0; i < a.kept.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(a.kept[i]);
        }
        out.append("],\"ruleLoaded\":").append(a.ruleLoaded);
        if (a.thrown != null) {
            out.append(",\"thrown\":");
            Json.quote(out, a.thrown);
        }
        return out.append('}').toString();
    }

    @SuppressWarnings("unchecked")
    static Case read(String line) {
        Map<String, Object> m = (Map<String, Object>) Json.parse(line);
        Case c = new Case();
        c.id = ((Double) m.get("id")).longValue();
        for (Object o : (List<Object>) m.get("rules")) {
            c.rules.add((String) o);
        }
        c.consumer = (String) m.get("consumer");
        for (Object o : (List<Object>) m.get("providers")) {
            c.providers.add((String) o);
        }
        Object attachments = m.get("attachments");
        if (attachments != null) {
            for (Map.Entry<String, Object> e : ((Map<String, Object>) attachments).entrySet()) {
                c.attachments.put(e.getKey(), (String) e.getValue());
            }
        }
        return c;
    }
}
