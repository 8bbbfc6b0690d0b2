package io.dubboconsole.demo.oracle;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java side of the tag-preview benchmark (bench/tag-preview.ts, test/support/
 * tag-oracle-bench.ts): every consumer's real tag router of this module's Dubbo line
 * (DubboTagRouting: 2.7.23 TagRouter, 3.3.6 TagStateRouter) answering what the preview answers.
 *
 * <p>Args: {@code bench <providersFile> <consumersFile> <heldFile> <draftFile> <rounds> [tag...]}
 * (URL files: one URL a line; rule files: the rule text). The request tags are a call without a
 * tag, then each {@code tag}. The consumer URLs are parsed and the invokers built once, untimed
 * (TagBenchLine). A consumer's answer: its router made, notified where the release needs it,
 * the held rule processed (ADDED) and every tag routed, then the draft processed (MODIFIED, as
 * the config center would change it) and every tag routed again. After {@link #WARM_UP_MS} of
 * rounds for the JIT, prints {@code KEPT consumer=<i> state=held|draft tag=<tag or ->
 * kept=<n>} for every answer of the last warm-up round, then one line a round:
 * {@code TAG micros=<every consumer's answers> kept=<sum of kept>}.
 */
final class TagBench {
    /** Long enough for C2 to compile the routers, the rule parsers and the address matchers. */
    static final long WARM_UP_MS = 3_000;

    private TagBench() {}

    static void run(String[] args) throws Exception {
        if (args.length < 6) {
            throw new IllegalArgumentException("usage: bench <providersFile> <consumersFile> <heldFile> <draftFile> <rounds> [tag...]");
        }
        List<String> providers = lines(args[1]);
        List<String> consumers = lines(args[2]);
        String[] rules = {read(args[3]), read(args[4])};
        int rounds = Integer.parseInt(args[5]);
        String[] tags = new String[args.length - 5];
        System.arraycopy(args, 6, tags, 1, args.length - 6);
        TagBenchLine line = DubboTagRouting.bench(consumers, providers);
        System.out.println("PREPARED line=" + DubboRouting.line() + " providers=" + providers.size() + " consumers=" + consumers.size());
        int[][] kept = new int[consumers.size()][rules.length * tags.length];
        long until = System.nanoTime() + WARM_UP_MS * 1_000_000L;
        do {
            round(line, rules, tags, kept);
        } while (System.nanoTime() < until);
        for (int c = 0; c < kept.length; c++) {
            for (int k = 0; k < kept[c].length; k++) {
                String tag = tags[k % tags.length];
                System.out.println("KEPT consumer=" + c + " state=" + (k < tags.length ? "held" : "draft") + " tag=" + (tag == null ? "-" : tag) + " kept=" + kept[c][k]);
            }
        }
        for (int r = 0; r < rounds; r++) {
            long start = System.nanoTime();
            long sum = round(line, rules, tags, kept);
            System.out.println("TAG micros=" + (System.nanoTime() - start) / 1_000 + " kept=" + sum);
            System.out.flush();
        }
    }

    /** Every consumer's answers; returns the sum of what they kept. */
    private static long round(TagBenchLine line, String[] rules, String[] tags, int[][] kept) throws Exception {
        long sum = 0;
        for (int c = 0; c < kept.length; c++) {
            line.answer(c, rules, tags, kept[c]);
            for (int n : kept[c]) {
                sum += n;
            }
        }
        return sum;
    }

    private static List<String> lines(String file) throws Exception {
        List<String> out = new ArrayList<String>();
        for (String l : Files.readAllLines(Paths.get(file), StandardCharsets.UTF_8)) {
            if (!l.trim().isEmpty()) {
                out.add(l.trim());
            }
        }
        return out;
    }

    private static String read(String file) throws Exception {
        return new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8);
    }
}
