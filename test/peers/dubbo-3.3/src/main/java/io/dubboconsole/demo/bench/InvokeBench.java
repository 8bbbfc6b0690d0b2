package io.dubboconsole.demo.bench;

import io.dubboconsole.demo.Args;
import io.dubboconsole.demo.api.TypesService;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcContext;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The Java baseline of bench/invoke.ts (issue 8's "Measured") and bench/triple-invoke.ts
 * (issue 19's): a real Dubbo 3.3 consumer calling TypesService.echoString (group demo,
 * version 1.0.0) with a 1 KiB string, a fixed number of calls in flight, on the one
 * connection Dubbo shares per provider.
 *
 * The reference connects straight to the provider (--url dubbo://host:port, or
 * tri://host:port for Triple, whose consumer shares one HTTP/2 connection per address
 * (SingleProtocolConnectionManager) and sends each argument hessian2 in a
 * TripleRequestWrapper; no registry),
 * async (ReferenceConfig.async, the future from RpcContext's service context): each of the
 * --in-flight chains makes its next call when its last one completes, so exactly that many
 * calls are in flight, with no thread per call.
 *
 * Options: --url (required), --in-flight 64, --bytes 1024, --timeout 10000.
 * With --seconds N: warms up for --warmup ms (default 5000), measures N s, prints one
 * {@code RESULT once {"calls","seconds","callsPerSec","p50Ms","p99Ms","errors"}} line and
 * exits. Without it, reads commands on stdin, so a benchmark can alternate rounds with
 * another client on a warm JVM: {@code RUN <warmupMs> <measureMs> <tag>} runs a round and
 * prints {@code RESULT <tag> {...}}; end of input exits. Prints {@code READY {...}} once
 * the first calls have succeeded. A failed call ends its chain and is counted in errors
 * (its stack trace follows the RESULT line).
 */
public final class InvokeBench {
    private InvokeBench() {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        String url = args.get("url", null);
        if (url == null) {
            throw new IllegalArgumentException("--url dubbo://host:port (or tri://host:port) is required");
        }
        if (!url.startsWith("dubbo://") && !url.startsWith("tri://")) {
            throw new IllegalArgumentException("--url takes dubbo://host:port or tri://host:port, not " + url);
        }
        int inFlight = args.getInt("in-flight", 64);
        int bytes = args.getInt("bytes", 1024);
        int timeout = args.getInt("timeout", 10000);

        ApplicationConfig application = new ApplicationConfig("invoke-bench");
        application.setQosEnable(false);
        ReferenceConfig<TypesService> reference = new ReferenceConfig<TypesService>();
        reference.setInterface(TypesService.class);
        reference.setGroup("demo");
        reference.setVersion("1.0.0");
        // hessian2, as the console sends: without a registry, no prefer.serialization reaches the consumer anyway.
        // On tri:// it is the serialization of the wrapped arguments and answer (written "hessian4", as the console's).
        reference.setUrl(url + (url.contains("?") ? "&" : "?") + "serialization=hessian2");
        reference.setTimeout(timeout);
        reference.setRetries(0);
        reference.setAsync(true);
        reference.setCheck(false);
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).reference(reference);
        bootstrap.start();
        TypesService types = reference.get();

        char[] chars = new char[bytes];
        Arrays.fill(chars, 'a');
        String value = new String(chars);
        Round first = new Round(types, value, inFlight, 0, 1);
        first.run();
        if (first.errors > 0) {
            throw new IllegalStateException("the first call failed: " + first.firstError);
        }
        System.out.println("READY {\"role\":\"invoke-bench\",\"dubbo\":\"" + Version.getVersion() + "\",\"inFlight\":" + inFlight + ",\"bytes\":" + bytes + "}");
        System.out.flush();

        int seconds = args.getInt("seconds", 0);
        if (seconds > 0) {
            report("once", new Round(types, value, inFlight, args.getInt("warmup", 5000), seconds * 1000L).run());
        } else {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] parts = line.trim().split(" ");
                if (parts.length != 4 || !parts[0].equals("RUN")) {
                    throw new IllegalArgumentException("expected RUN <warmupMs> <measureMs> <tag>, got: " + line);
                }
                report(parts[3], new Round(types, value, inFlight, Long.parseLong(parts[1]), Long.parseLong(parts[2])).run());
            }
        }
        bootstrap.stop();
        System.exit(0);
    }

    private static void report(String tag, Round r) {
        long[] all = r.latencies();
        Arrays.sort(all);
        double seconds = r.measureMs / 1000.0;
        System.out.println("RESULT " + tag + " {\"calls\":" + all.length + ",\"seconds\":" + seconds
                + ",\"callsPerSec\":" + (all.length / seconds)
                + ",\"p50Ms\":" + quantileMs(all, 0.5) + ",\"p99Ms\":" + quantileMs(all, 0.99)
                + ",\"errors\":" + r.errors + "}");
        if (r.firstError != null) {
            r.firstError.printStackTrace();
        }
        System.out.flush();
    }

    /** The q quantile of sorted nanosecond latencies, nearest rank, in ms (as bench/bench-process.ts's quantile). */
    private static double quantileMs(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1));
        return sorted[i] / 1e6;
    }

    /**
     * One round: `inFlight` chains of calls for the warm-up, then for the measured window.
     * A call counts when it starts and ends in the window. Each chain keeps its own
     * latencies: its calls follow each other, so one thread at a time writes them (the
     * future's completion orders the writes).
     */
    static final class Round {
        final TypesService types;
        final String value;
        final int inFlight;
        final long measureMs;
        final long measureFrom;
        final long end;
        final long[][] perChain;
        final int[] counts;
        final CountDownLatch done;
        volatile int errors;
        final AtomicReference<Throwable> firstErrorRef = new AtomicReference<Throwable>();
        Throwable firstError;

        /** With no warm-up and a 1 ms window: about one call per chain, to connect and check. */
        Round(TypesService types, String value, int inFlight, long warmupMs, long measureMs) {
            this.types = types;
            this.value = value;
            this.inFlight = inFlight;
            this.measureMs = measureMs;
            long now = System.nanoTime();
            this.measureFrom = now + warmupMs * 1_000_000L;
            this.end = measureFrom + measureMs * 1_000_000L;
            this.perChain = new long[inFlight][1024];
            this.counts = new int[inFlight];
            this.done = new CountDownLatch(inFlight);
        }

        Round run() throws InterruptedException {
            for (int c = 0; c < inFlight; c++) {
                next(c);
            }
            done.await();
            firstError = firstErrorRef.get();
            return this;
        }

        /** Makes chain c's next call, or ends the chain when the window is over. */
        void next(final int c) {
            final long t0 = System.nanoTime();
            if (t0 >= end) {
                done.countDown();
                return;
            }
            CompletableFuture<String> future;
            try {
                types.echoString(value);
                future = RpcContext.getServiceContext().getCompletableFuture();
            } catch (RuntimeException e) {
                fail(e);
                done.countDown();
                return;
            }
            future.whenComplete((v, e) -> {
                long t1 = System.nanoTime();
                if (e != null || v == null || v.length() != value.length()) {
                    fail(e != null ? e : new IllegalStateException("wrong echo"));
                    done.countDown();
                    return;
                }
                if (t0 >= measureFrom && t1 <= end) {
                    record(c, t1 - t0);
                }
                next(c);
            });
        }

        void fail(Throwable e) {
            firstErrorRef.compareAndSet(null, e);
            synchronized (this) {
                errors++;
            }
        }

        void record(int c, long nanos) {
            long[] mine = perChain[c];
            if (counts[c] == mine.length) {
                mine = Arrays.copyOf(mine, mine.length * 2);
                perChain[c] = mine;
            }
            mine[counts[c]++] = nanos;
        }

        long[] latencies() {
            int n = 0;
            for (int c : counts) {
                n += c;
            }
            long[] all = new long[n];
            int at = 0;
            for (int c = 0; c < inFlight; c++) {
                System.arraycopy(perChain[c], 0, all, at, counts[c]);
                at += counts[c];
            }
            return all;
        }
    }
}
