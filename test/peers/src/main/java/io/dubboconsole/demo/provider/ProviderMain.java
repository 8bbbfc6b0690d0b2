package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.Args;
import io.dubboconsole.demo.PeerHostRegistryFactory;
import io.dubboconsole.demo.Peers;
import io.dubboconsole.demo.api.FaultService;
import io.dubboconsole.demo.api.GreetingService;
import io.dubboconsole.demo.api.TimeService;
import io.dubboconsole.demo.api.TypesService;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MetadataReportConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;

/**
 * A demo provider. Options: --registry zookeeper://127.0.0.1:2181, --host 127.0.0.2
 * (the address it registers; see PeerHostRegistryFactory),
 * (--registry N/A: no registry, config center or metadata report; consumers connect directly),
 * --port 20880, --app demo-provider, --services greeting,types,fault (and time, TimeService, which the rig
 * does not export; and orders, Dubbo 3 only: the IDL service io.dubboconsole.demo.idl.OrderService of
 * dubbo-3.3/src/main/proto/demo_orders.proto, no version or group, exported on the first tri protocol of
 * --extra-protocols only, which it needs, under --orders-version when given; it also turns on Dubbo's built-in gRPC services on tri, server
 * reflection grpc.reflection.v1alpha.ServerReflection and health grpc.health.v1.Health, unless
 * --reflection false), --threads 50 (the
 * protocol's fixed pool; a call beyond that many in flight is refused as EXHAUSTED),
 * --register-mode interface|instance|all (Dubbo 3 only: where the provider registers;
 * without it, Dubbo's own setting), --metadata-type local|remote (remote publishes the
 * Dubbo 3 MetadataInfo at /dubbo/metadata/{app}/{revision}; local keeps it in the provider),
 * --extra-protocols tri:50051 (Dubbo 3 only: more protocols, name:port, comma-separated, every
 * service but orders exported on each besides dubbo on --port; protocol ids are the names, or
 * name-port for a name given twice), --greeting-version 11.0.0 (GreetingService
 * under that version instead of none: a service no other peer provides), --fault-version 2.0.0
 * (FaultService's version; another makes it a service no other peer provides), --warmup 600000
 * (every service's `warmup` in ms, Dubbo's default 10 minutes when absent: consumers scale a
 * provider's weight down by its uptime until then), --weight 100 (every service's `weight`
 * written into its registered URL; Dubbo's default 100 when absent, but then not in the URL),
 * --log-calls true (GreetingService.whoAmI prints "SERVED whoAmI" per call it serves),
 * --parameters dubbo.tag=gray,k=v (more parameters of every service, written into its registered
 * URL: `dubbo.tag` is the provider's static tag), --qos-port 22222 (QoS on that port at --host, for callers on this
 * machine only; without it, QoS is off), --metrics prometheus (Dubbo 3 only, with --qos-port: Dubbo's
 * metrics read as Prometheus text at QoS /metrics; see Peers.metrics).
 * Prints "READY {json}" on stdout once every service is exported and registered.
 * The same source compiles against Dubbo 2.7.23 and 3.3.x.
 */
public final class ProviderMain {
    private ProviderMain() {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        String registry = args.get("registry", "zookeeper://127.0.0.1:2181");
        String host = args.get("host", "127.0.0.1");
        int port = args.getInt("port", 20880);
        int threads = args.getInt("threads", 50);
        String app = args.get("app", "demo-provider");
        Set<String> wanted = new HashSet<String>(Arrays.asList(args.get("services", "greeting,types,fault").split(",")));
        String address = host + ":" + port;
        String dubboVersion = Version.getVersion();
        String warmup = args.get("warmup", "");
        String weight = args.get("weight", "");
        Map<String, String> parameters = parameters(args.get("parameters", ""));
        System.setProperty(PeerHostRegistryFactory.HOST_PROPERTY, host);
        applyDiscoveryOptions(args, dubboVersion);
        if (wanted.contains("orders")) {
            if (dubboVersion.startsWith("2.")) {
                throw new IllegalArgumentException("--services orders (an IDL Triple service) needs Dubbo 3, not " + dubboVersion);
            }
            // Dubbo's built-in Triple services: server reflection and health, read at the first tri export
            // (--reflection false leaves them off: an IDL provider whose schema the console must be given).
            if (!"false".equals(args.get("reflection", "true"))) {
                System.setProperty("dubbo.tri.builtin.service.init", "true");
            }
        }

        ApplicationConfig application = new ApplicationConfig(app);
        Peers.qos(application, host, args.get("qos-port", ""));
        Peers.metrics(args.get("metrics", ""), args.get("qos-port", ""), dubboVersion);

        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setId("dubbo");
        protocol.setThreads(threads);

        List<ProtocolConfig> protocols = new ArrayList<ProtocolConfig>();
        protocols.add(protocol);
        List<ProtocolConfig> extras = extraProtocols(args.get("extra-protocols", ""), threads, dubboVersion);
        protocols.addAll(extras);
        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).protocols(protocols);
        if (!RegistryConfig.NO_AVAILABLE.equals(registry)) {
            bootstrap.registry(Peers.registry(registry))
                    .configCenter(Peers.configCenter(registry))
                    .metadataReport(new MetadataReportConfig(registry));
        } else {
            // Dubbo 2.7 refuses to export without any registry config; "N/A" is its "none".
            bootstrap.registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        }

        List<ServiceConfig<?>> services = new ArrayList<ServiceConfig<?>>();
        if (wanted.contains("greeting")) {
            ServiceConfig<GreetingService> greeting = new ServiceConfig<GreetingService>();
            greeting.setId("greeting");
            greeting.setInterface(GreetingService.class);
            greeting.setRef(new GreetingServiceImpl(address, dubboVersion, "true".equals(args.get("log-calls", "false"))));
            String greetingVersion = args.get("greeting-version", "");
            if (!greetingVersion.isEmpty()) {
                greeting.setVersion(greetingVersion);
            }
            bootstrap.service(greeting);
            services.add(greeting);
        }
        if (wanted.contains("types")) {
            ServiceConfig<TypesService> types = new ServiceConfig<TypesService>();
            types.setId("types");
            types.setInterface(TypesService.class);
            types.setRef(new TypesServiceImpl());
            types.setGroup("demo");
            types.setVersion("1.0.0");
            bootstrap.service(types);
            services.add(types);
        }
        if (wanted.contains("fault")) {
            ServiceConfig<FaultService> fault = new ServiceConfig<FaultService>();
            fault.setId("fault");
            fault.setInterface(FaultService.class);
            fault.setRef(new FaultServiceImpl());
            fault.setVersion(args.get("fault-version", "2.0.0"));
            fault.setTimeout(10000);
            bootstrap.service(fault);
            services.add(fault);
        }

        if (wanted.contains("time")) {
            ServiceConfig<TimeService> time = new ServiceConfig<TimeService>();
            time.setId("time");
            time.setInterface(TimeService.class);
            time.setRef(new TimeServiceImpl());
            bootstrap.service(time);
            services.add(time);
        }
        if (wanted.contains("orders")) {
            ServiceConfig<?> orders = idlOrders(address, extras);
            String ordersVersion = args.get("orders-version", "");
            if (!ordersVersion.isEmpty()) {
                orders.setVersion(ordersVersion);
            }
            bootstrap.service(orders);
            services.add(orders);
        }

        for (ServiceConfig<?> service : services) {
            if (!warmup.isEmpty()) {
                service.setWarmup(Integer.valueOf(warmup));
            }
            if (!weight.isEmpty()) {
                service.setWeight(Integer.valueOf(weight));
            }
            if (!parameters.isEmpty()) {
                service.setParameters(new HashMap<String, String>(parameters));
            }
        }
        bootstrap.start();
        System.out.println("READY {\"role\":\"provider\",\"app\":\"" + app + "\",\"address\":\"" + address
                + "\",\"dubbo\":\"" + dubboVersion + "\"}");
        System.out.flush();
        bootstrap.await();
    }

    /**
     * OrderService on the first tri protocol of --extra-protocols, from the dubbo-3.3 module's
     * IdlServices (generated from its proto), which the Dubbo 2.7 builds do not have.
     */
    private static ServiceConfig<?> idlOrders(String address, List<ProtocolConfig> extras) throws Exception {
        ProtocolConfig tri = null;
        for (ProtocolConfig extra : extras) {
            if ("tri".equals(extra.getName())) {
                tri = extra;
                break;
            }
        }
        if (tri == null) {
            throw new IllegalArgumentException("--services orders is served on tri only: give --extra-protocols tri:<port>");
        }
        Class<?> idl;
        try {
            idl = Class.forName("io.dubboconsole.demo.idl.IdlServices");
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("--services orders needs the dubbo-3.3 peers (no IDL classes on this classpath)", e);
        }
        try {
            return (ServiceConfig<?>) idl.getMethod("orders", String.class, ProtocolConfig.class).invoke(null, address, tri);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
        }
    }

    /** `key=value,...` as a map (empty for ""). */
    private static Map<String, String> parameters(String spec) {
        Map<String, String> parameters = new HashMap<String, String>();
        for (String item : spec.split(",")) {
            if (item.trim().isEmpty()) {
                continue;
            }
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--parameters takes key=value items, not " + item);
            }
            parameters.put(item.substring(0, eq).trim(), item.substring(eq + 1).trim());
        }
        return parameters;
    }

    /** `name:port,...` as protocol configs (a dual-protocol provider: dubbo and tri). */
    private static List<ProtocolConfig> extraProtocols(String spec, int threads, String dubboVersion) {
        List<ProtocolConfig> protocols = new ArrayList<ProtocolConfig>();
        Set<String> ids = new HashSet<String>(Arrays.asList("dubbo"));
        for (String item : spec.split(",")) {
            if (item.trim().isEmpty()) {
                continue;
            }
            String[] parts = item.trim().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("--extra-protocols takes name:port items, not " + item);
            }
            if (dubboVersion.startsWith("2.")) {
                throw new IllegalArgumentException("--extra-protocols needs Dubbo 3 in these peers, not " + dubboVersion);
            }
            ProtocolConfig extra = new ProtocolConfig(parts[0], Integer.parseInt(parts[1]));
            extra.setId(ids.add(parts[0]) ? parts[0] : parts[0] + "-" + parts[1]);
            extra.setThreads(threads);
            protocols.add(extra);
        }
        return protocols;
    }

    /**
     * Sets register-mode and metadata-type as system properties, which Dubbo reads over
     * every other source (and which 2.7's ApplicationConfig could not take for register-mode).
     */
    private static void applyDiscoveryOptions(Args args, String dubboVersion) {
        String registerMode = args.get("register-mode", null);
        if (registerMode != null) {
            if (!Arrays.asList("interface", "instance", "all").contains(registerMode)) {
                throw new IllegalArgumentException("--register-mode must be interface, instance or all, not " + registerMode);
            }
            if (dubboVersion.startsWith("2.") && !registerMode.equals("interface")) {
                throw new IllegalArgumentException("--register-mode " + registerMode + " needs Dubbo 3; Dubbo " + dubboVersion + " registers interfaces only");
            }
            System.setProperty("dubbo.application.register-mode", registerMode);
        }
        String metadataType = args.get("metadata-type", null);
        if (metadataType != null) {
            if (!Arrays.asList("local", "remote").contains(metadataType)) {
                throw new IllegalArgumentException("--metadata-type must be local or remote, not " + metadataType);
            }
            System.setProperty("dubbo.application.metadata-type", metadataType);
        }
    }
}
