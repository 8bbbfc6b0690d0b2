package io.dubboconsole.demo.oracle;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java side of the override preview benchmark (bench/config-preview.ts): every consumer's
 * view of the providers under the configurators (DubboConsumerView, with this module's Dubbo
 * line), timed. Arguments: a file of view cases, one JSON case a line (test/support/
 * config-oracle.ts's shape with {@code "view":true}), and the number of rounds. Provider and
 * consumer URLs are parsed once (a consumer holds them parsed before a configurator changes);
 * each round reads the rules and configures every provider for every case, as the consumers
 * do on the notification. After a JIT warm-up of 3 s, prints one line per round:
 * {@code VIEW micros=<round> checksum=<sum>}.
 */
public final class ConfigViewBench {
    private ConfigViewBench() {}

    public static void main(String[] args) throws Exception {
        List<DubboConsumerView.Prepared> cases = new ArrayList<DubboConsumerView.Prepared>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new FileInputStream(args[0]), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.trim().isEmpty()) {
                    cases.add(new DubboConsumerView.Prepared(ConfigOracle.read(line)));
                }
            }
        }
        int rounds = Integer.parseInt(args[1]);
        long warmEnd = System.nanoTime() + 3_000_000_000L;
        long sink = 0;
        while (System.nanoTime() < warmEnd) {
            sink += round(cases);
        }
        for (int r = 0; r < rounds; r++) {
            long started = System.nanoTime();
            long sum = round(cases);
            long micros = (System.nanoTime() - started) / 1000;
            System.out.println("VIEW micros=" + micros + " checksum=" + sum);
            sink += sum;
        }
        System.out.println("SINK " + sink);
        System.out.flush();
        System.exit(0);
    }

    private static long round(List<DubboConsumerView.Prepared> cases) throws Exception {
        long sum = 0;
        for (DubboConsumerView.Prepared p : cases) {
            sum += DubboConsumerView.run(p, false).weights.get(0);
        }
        return sum;
    }
}
