package io.dubboconsole.legacy;

import io.dubboconsole.demo.Args;
import io.dubboconsole.demo.PeerHostRegistryFactory;
import io.dubboconsole.demo.Peers;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * A provider as many 2.7 deployments run it: a registry and nothing else (no metadata report,
 * no config center), so a console knows a method only by the URL's `methods` parameter.
 * Options: --registry zookeeper://127.0.0.1:2181, --host 127.0.0.4 (the address it registers;
 * see PeerHostRegistryFactory), --port 20880, --app legacy-provider, --group (of LegacyService).
 * Prints "READY {json}" on stdout once the service is exported and registered.
 */
public final class LegacyProviderMain {
    private LegacyProviderMain() {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        String registry = args.get("registry", "zookeeper://127.0.0.1:2181");
        String host = args.get("host", "127.0.0.1");
        int port = args.getInt("port", 20880);
        String app = args.get("app", "legacy-provider");
        String group = args.get("group", "legacy");
        String address = host + ":" + port;
        System.setProperty(PeerHostRegistryFactory.HOST_PROPERTY, host);

        ApplicationConfig application = new ApplicationConfig(app);
        application.setQosEnable(false);
        ServiceConfig<LegacyService> service = new ServiceConfig<LegacyService>();
        service.setInterface(LegacyService.class);
        service.setRef(new LegacyServiceImpl());
        service.setGroup(group);

        // Dubbo 2.7.5+ would otherwise use the registry as config center and metadata report.
        RegistryConfig registryConfig = Peers.registry(registry);
        registryConfig.setUseAsConfigCenter(false);
        registryConfig.setUseAsMetadataCenter(false);

        DubboBootstrap bootstrap = DubboBootstrap.getInstance()
                .application(application)
                .protocol(new ProtocolConfig("dubbo", port))
                .registry(registryConfig)
                .service(service);
        bootstrap.start();
        System.out.println("READY {\"role\":\"provider\",\"app\":\"" + app + "\",\"address\":\"" + address
                + "\",\"dubbo\":\"" + Version.getVersion() + "\"}");
        System.out.flush();
        bootstrap.await();
    }
}
