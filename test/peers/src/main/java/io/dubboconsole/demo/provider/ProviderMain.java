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

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A demo provider. Options: --registry zookeeper://127.0.0.1:2181, --host 127.0.0.2
 * (the address it registers; see PeerHostRegistryFactory),
 * (--registry N/A: no registry, config center or metadata report; consumers connect directly),
 * --port 20880, --app demo-provider, --services greeting,types,fault (and time, TimeService, which the rig
 * does not export), --threads 50 (the
 * protocol's fixed pool; a call beyond that many in flight is refused as EXHAUSTED),
 * --register-mode interface|instance|all (Dubbo 3 only: where the provider registers;
 * without it, Dubbo's own setting), --metadata-type local|remote (remote publishes the
 * Dubbo 3 MetadataInfo at /dubbo/metadata/{app}/{revision}; local keeps it in the provider).
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
        System.setProperty(PeerHostRegistryFactory.HOST_PROPERTY, host);
        applyDiscoveryOptions(args, dubboVersion);

        ApplicationConfig application = new ApplicationConfig(app);
        application.setQosEnable(false);

        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setThreads(threads);

        DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application).protocol(protocol);
        if (!RegistryConfig.NO_AVAILABLE.equals(registry)) {
            bootstrap.registry(Peers.registry(registry))
                    .configCenter(Peers.configCenter(registry))
                    .metadataReport(new MetadataReportConfig(registry));
        } else {
            // Dubbo 2.7 refuses to export without any registry config; "N/A" is its "none".
            bootstrap.registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        }

        if (wanted.contains("greeting")) {
            ServiceConfig<GreetingService> greeting = new ServiceConfig<GreetingService>();
            greeting.setId("greeting");
            greeting.setInterface(GreetingService.class);
            greeting.setRef(new GreetingServiceImpl(address, dubboVersion));
            bootstrap.service(greeting);
        }
        if (wanted.contains("types")) {
            ServiceConfig<TypesService> types = new ServiceConfig<TypesService>();
            types.setId("types");
            types.setInterface(TypesService.class);
            types.setRef(new TypesServiceImpl());
            types.setGroup("demo");
            types.setVersion("1.0.0");
            bootstrap.service(types);
        }
        if (wanted.contains("fault")) {
            ServiceConfig<FaultService> fault = new ServiceConfig<FaultService>();
            fault.setId("fault");
            fault.setInterface(FaultService.class);
            fault.setRef(new FaultServiceImpl());
            fault.setVersion("2.0.0");
            fault.setTimeout(10000);
            bootstrap.service(fault);
        }

        if (wanted.contains("time")) {
            ServiceConfig<TimeService> time = new ServiceConfig<TimeService>();
            time.setId("time");
            time.setInterface(TimeService.class);
            time.setRef(new TimeServiceImpl());
            bootstrap.service(time);
        }

        bootstrap.start();
        System.out.println("READY {\"role\":\"provider\",\"app\":\"" + app + "\",\"address\":\"" + address
                + "\",\"dubbo\":\"" + dubboVersion + "\"}");
        System.out.flush();
        bootstrap.await();
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
