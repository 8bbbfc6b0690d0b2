package io.dubboconsole.demo.oracle;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The Java baseline of the route-preview benchmark: times the real router's route() over
 * many providers. Args: {@code bench <rule> <force> <consumer> <providersFile> <rounds> [method]}
 * (providersFile: one provider URL per line; method: routes a call of that method with no
 * arguments, else no invocation). The invokers and the router are built once, untimed; the
 * JIT warms up for {@link #WARM_UP_MS} first. Each round times {@link #CALLS_PER_ROUND} calls
 * and prints {@code ROUTE micros=<median> min=<min> kept=<providers returned> providers=<n>}.
 * A rejected rule prints {@code REJECTED <error>} and exits 2.
 */
final class RouteBench {
    /** Long enough for C2 to compile route() and the matchers it calls. */
    static final long WARM_UP_MS = 3_000;
    static final int CALLS_PER_ROUND = 15;

    private RouteBench() {}

    static void run(String[] args) throws Exception {
        if (args.length < 6) {
            throw new IllegalArgumentException("usage: bench <rule> <force> <consumer> <providersFile> <rounds> [method]");
        }
        List<String> providers = new ArrayList<String>();
        for (String line : Files.readAllLines(Paths.get(args[4]), StandardCharsets.UTF_8)) {
            if (!line.trim().isEmpty()) {
                providers.add(line.trim());
            }
        }
        int rounds = Integer.parseInt(args[5]);
        RouteCase.Call call = args.length > 6
                ? new RouteCase.Call(args[6], new ArrayList<String>(), new LinkedHashMap<String, String>())
                : null;
        RouteCase c = new RouteCase(0, args[1], Boolean.parseBoolean(args[2]), true, args[3], call, providers);
        PreparedRoute route;
        try {
            route = DubboRouting.prepare(c);
        } catch (RuleRejectedException e) {
            System.out.println("REJECTED " + e.getMessage());
            System.out.flush();
            System.exit(2);
            return;
        }
        System.out.println("PREPARED line=" + DubboRouting.line() + " providers=" + providers.size());
        long until = System.nanoTime() + WARM_UP_MS * 1_000_000L;
        int kept = 0;
        while (System.nanoTime() < until) {
            kept = route.route().length;
        }
        long[] micros = new long[CALLS_PER_ROUND];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < CALLS_PER_ROUND; i++) {
                long start = System.nanoTime();
                kept = route.route().length;
                micros[i] = (System.nanoTime() - start) / 1_000;
            }
            Arrays.sort(micros);
            System.out.println("ROUTE micros=" + micros[CALLS_PER_ROUND / 2] + " min=" + micros[0] + " kept=" + kept + " providers=" + providers.size());
            System.out.flush();
        }
    }
}
