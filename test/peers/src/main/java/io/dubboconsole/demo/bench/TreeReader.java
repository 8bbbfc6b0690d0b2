package io.dubboconsole.demo.bench;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Java baseline of bench/registry-sync.ts: reads Dubbo's interface-level tree the way
 * the console does (root, each service, each of its four categories, a watch left on each
 * path, at most N requests in flight) with the ZooKeeper Java client that Dubbo itself
 * uses, and decodes every URL with java.net.URLDecoder.
 * Args: connectString root concurrency rounds. Prints one "READ ..." line per round, with
 * the wall time and the CPU time the whole JVM spent meanwhile (every thread: the client's
 * I/O and event threads, the JIT, the collector).
 */
public final class TreeReader {
    private static final Set<String> CATEGORIES = new HashSet<String>(Arrays.asList("providers", "consumers", "routers", "configurators"));
    private static final Set<String> NOT_SERVICES = new HashSet<String>(Arrays.asList("config", "metadata", "mapping"));

    private TreeReader() {}

    public static void main(String[] args) throws Exception {
        String connect = args[0];
        String root = args[1];
        int concurrency = Integer.parseInt(args[2]);
        int rounds = Integer.parseInt(args[3]);
        for (int r = 0; r < rounds; r++) {
            CountDownLatch connected = new CountDownLatch(1);
            ZooKeeper zk = new ZooKeeper(connect, 60000, e -> {
                if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
                    connected.countDown();
                }
            });
            connected.await();
            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            Round round = new Round(zk, concurrency);
            List<String> services = zk.getChildren(root, round.watcher);
            for (String s : services) {
                if (!NOT_SERVICES.contains(s)) {
                    round.readService(root + "/" + s);
                }
            }
            round.awaitDone();
            long micros = (System.nanoTime() - start) / 1000;
            long cpuMicros = (processCpuNanos() - cpuStart) / 1000;
            System.out.println("READ services=" + round.services.get() + " urls=" + round.urls.get() + " micros=" + micros + " cpuMicros=" + cpuMicros);
            System.out.flush();
            zk.close();
        }
    }

    /** The JVM's CPU time so far, all threads; -1000 when the platform does not say. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return -1000;
    }

    static final class Round {
        final ZooKeeper zk;
        final int maxInFlight;
        final AtomicInteger inFlight = new AtomicInteger();
        final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<Runnable>();
        final AtomicInteger pending = new AtomicInteger();
        final AtomicInteger services = new AtomicInteger();
        final AtomicLong urls = new AtomicLong();
        final CountDownLatch done = new CountDownLatch(1);
        final Watcher watcher = (WatchedEvent e) -> { };

        Round(ZooKeeper zk, int concurrency) {
            this.zk = zk;
            this.maxInFlight = concurrency;
            pending.incrementAndGet();
        }

        void readService(String path) {
            services.incrementAndGet();
            list(path, children -> {
                for (String c : children) {
                    if (CATEGORIES.contains(c)) {
                        list(path + "/" + c, urlNodes -> {
                            for (String node : urlNodes) {
                                try {
                                    java.net.URLDecoder.decode(node, "UTF-8");
                                } catch (java.io.UnsupportedEncodingException ex) {
                                    throw new IllegalStateException(ex);
                                }
                                urls.incrementAndGet();
                            }
                        });
                    }
                }
            });
        }

        interface Then {
            void accept(List<String> children);
        }

        /** Queues a read; never blocks, because callbacks run on ZooKeeper's one event thread. */
        void list(String path, Then then) {
            pending.incrementAndGet();
            queue.add(() -> zk.getChildren(path, watcher, (rc, p, ctx, children) -> {
                inFlight.decrementAndGet();
                if (rc == KeeperException.Code.OK.intValue()) {
                    then.accept(children);
                }
                pump();
                finish();
            }, null));
            pump();
        }

        void pump() {
            while (true) {
                int now = inFlight.get();
                if (now >= maxInFlight) {
                    return;
                }
                if (!inFlight.compareAndSet(now, now + 1)) {
                    continue;
                }
                Runnable next = queue.poll();
                if (next == null) {
                    inFlight.decrementAndGet();
                    return;
                }
                next.run();
            }
        }

        void finish() {
            if (pending.decrementAndGet() == 0) {
                done.countDown();
            }
        }

        void awaitDone() throws InterruptedException {
            finish();
            done.await();
        }
    }
}
