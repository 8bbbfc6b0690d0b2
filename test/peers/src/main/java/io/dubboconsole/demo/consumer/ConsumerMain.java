package io.dubboconsole.demo.consumer;

import io.dubboconsole.demo.Args;
import io.dubboconsole.demo.PeerHostRegistryFactory;
import io.dubboconsole.demo.Peers;
import io.dubboconsole.demo.api.FaultService;
import io.dubboconsole.demo.api.GreetingService;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcContext;

import java.util.Collections;

/**
 * A demo consumer: calls GreetingService.whoAmI() every --interval ms (default 500) and
 * prints one JSON line per call ("CALL {seq, tag, ok, provider | error, ms}") naming the provider
 * address that served it and how long the call took, so tests can prove which providers a
 * route or a configurator leaves this consumer. Options: --registry,
 * --app demo-consumer, --interval 500, --count 0 (0 = forever), --group and --version of the
 * reference (default none; `*` or a comma list of groups as Dubbo allows).
 * With --call-tags "gray," the calls send the request tag (the `dubbo.tag` attachment, set on
 * RpcContext before each call: RpcContext.getContext().setAttachment, which 2.7.23 copies into
 * the invocation and 3.3 keeps as the client attachment) cycling through the comma list, an
 * empty entry meaning no tag; each CALL line then says "tag" (null: none sent). Without it no
 * call sends a tag ("tag": null). --force-tag true|false puts `dubbo.force.tag` into the
 * reference's parameters, so the consumer URL (the tag router's URL) carries it.
 * With --slow-millis N (default 0: off) a second thread also calls FaultService.slow(N) every
 * --slow-interval ms (default 500) through a reference of version --slow-version (default
 * 2.0.0) and timeout --slow-timeout ms (default 3000), one at a time, printing
 * "SLOW {seq, ok, error?, ms}": a timeout a configurator sets shows as a failure after about that long.
 * --qos-port N turns QoS on at that port (at --host, else every address; callers on this machine only);
 * without it QoS is off. --host 127.0.0.9 registers the consumer URL at that address instead of the
 * machine's own (PeerHostRegistryFactory; Dubbo still routes with the machine's address).
 */
public final class ConsumerMain {
    /** The request tag's attachment key and the consumer URL's force parameter (both releases). */
    private static final String TAG_KEY = "dubbo.tag";
    private static final String FORCE_TAG_KEY = "dubbo.force.tag";

    private ConsumerMain() {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        String registry = args.get("registry", "zookeeper://127.0.0.1:2181");
        String app = args.get("app", "demo-consumer");
        int interval = args.getInt("interval", 500);
        int count = args.getInt("count", 0);

        ApplicationConfig application = new ApplicationConfig(app);
        String host = args.get("host", "");
        // Registered at that loopback host (Dubbo refuses 127.x in DUBBO_IP_TO_REGISTRY), so a console finds its QoS
        // there; Dubbo still routes with its in-memory URL, the machine's address: a route whose when side reads the
        // consumer's host sees the machine's, not this one.
        if (!host.isEmpty()) System.setProperty(PeerHostRegistryFactory.HOST_PROPERTY, host);
        Peers.qos(application, host, args.get("qos-port", ""));
        RegistryConfig registryConfig = Peers.registry(registry);

        ReferenceConfig<GreetingService> reference = new ReferenceConfig<GreetingService>();
        reference.setInterface(GreetingService.class);
        reference.setCheck(false);
        reference.setTimeout(3000);
        reference.setRetries(0);
        String group = args.get("group", "");
        String version = args.get("version", "");
        if (!group.isEmpty()) {
            reference.setGroup(group);
        }
        if (!version.isEmpty()) {
            reference.setVersion(version);
        }
        String forceTag = args.get("force-tag", "");
        if (!forceTag.isEmpty()) {
            reference.setParameters(Collections.singletonMap(FORCE_TAG_KEY, forceTag));
        }
        // split with -1 keeps trailing empty entries: "gray," is a tagged and an untagged call.
        String callTags = args.get("call-tags", "");
        String[] tags = callTags.isEmpty() ? new String[] {""} : callTags.split(",", -1);

        int slowMillis = args.getInt("slow-millis", 0);
        ReferenceConfig<FaultService> slowReference = null;
        if (slowMillis > 0) {
            slowReference = new ReferenceConfig<FaultService>();
            slowReference.setInterface(FaultService.class);
            slowReference.setVersion(args.get("slow-version", "2.0.0"));
            slowReference.setCheck(false);
            slowReference.setTimeout(args.getInt("slow-timeout", 3000));
            slowReference.setRetries(0);
        }

        DubboBootstrap bootstrap = DubboBootstrap.getInstance()
                .application(application)
                .registry(registryConfig)
                .configCenter(Peers.configCenter(registry))
                .reference(reference);
        if (slowReference != null) {
            bootstrap.reference(slowReference);
        }
        bootstrap.start();
        GreetingService greeting = reference.get();
        if (slowReference != null) {
            startSlowCalls(slowReference.get(), slowMillis, args.getInt("slow-interval", 500));
        }
        System.out.println("READY {\"role\":\"consumer\",\"app\":\"" + app + "\",\"dubbo\":\"" + Version.getVersion() + "\"}");
        System.out.flush();

        for (long seq = 1; count == 0 || seq <= count; seq++) {
            String line;
            String tag = tags[(int) ((seq - 1) % tags.length)];
            String sent = tag.isEmpty() ? "null" : "\"" + json(tag) + "\"";
            if (tag.isEmpty()) {
                RpcContext.getContext().removeAttachment(TAG_KEY);
            } else {
                RpcContext.getContext().setAttachment(TAG_KEY, tag);
            }
            long started = System.nanoTime();
            try {
                String provider = greeting.whoAmI();
                line = "{\"seq\":" + seq + ",\"tag\":" + sent + ",\"ok\":true,\"provider\":\"" + provider + "\",\"ms\":" + millisSince(started) + "}";
            } catch (RuntimeException e) {
                line = "{\"seq\":" + seq + ",\"tag\":" + sent + ",\"ok\":false,\"error\":\"" + json(String.valueOf(e.getMessage())) + "\",\"ms\":" + millisSince(started) + "}";
            }
            print("CALL " + line);
            Thread.sleep(interval);
        }
        bootstrap.stop();
    }

    /** Calls FaultService.slow(millis) one at a time, every `interval` ms, on a daemon thread. */
    private static void startSlowCalls(FaultService fault, int millis, int interval) {
        Thread thread = new Thread(() -> {
            for (long seq = 1; ; seq++) {
                long started = System.nanoTime();
                String line;
                try {
                    fault.slow(millis);
                    line = "{\"seq\":" + seq + ",\"ok\":true,\"ms\":" + millisSince(started) + "}";
                } catch (RuntimeException e) {
                    line = "{\"seq\":" + seq + ",\"ok\":false,\"error\":\"" + json(String.valueOf(e.getMessage())) + "\",\"ms\":" + millisSince(started) + "}";
                }
                print("SLOW " + line);
                try {
                    Thread.sleep(interval);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "slow-calls");
        thread.setDaemon(true);
        thread.start();
    }

    private static long millisSince(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1_000_000L;
    }

    /** One whole line at a time: the main loop and the slow-call thread both print. */
    private static synchronized void print(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static String json(String s) {
        StringBuilder sb = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(' ');
            } else {
                sb.append(c);
            }
        }
        return sb.length() > 300 ? sb.substring(0, 300) : sb.toString();
    }
}
