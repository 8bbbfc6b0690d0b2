package io.dubboconsole.demo;

import java.util.HashMap;
import java.util.Map;

/** `--name value` command-line options, with defaults. */
public final class Args {
    private final Map<String, String> values = new HashMap<String, String>();

    public Args(String[] argv) {
        for (int i = 0; i < argv.length; i++) {
            String a = argv[i];
            if (!a.startsWith("--") || i + 1 >= argv.length) {
                throw new IllegalArgumentException("expected --name value pairs, got: " + a);
            }
            values.put(a.substring(2), argv[++i]);
        }
    }

    public String get(String name, String fallback) {
        String v = values.get(name);
        return v == null ? fallback : v;
    }

    public int getInt(String name, int fallback) {
        String v = values.get(name);
        return v == null ? fallback : Integer.parseInt(v);
    }
}
