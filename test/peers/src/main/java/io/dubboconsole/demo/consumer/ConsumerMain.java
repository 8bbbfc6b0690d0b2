package io.dubboconsole.demo.consumer;

import io.dubboconsole.demo.Args;
import io.dubboconsole.demo.Peers;
import io.dubboconsole.demo.api.GreetingService;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * A demo consumer: calls GreetingService.whoAmI() every --interval ms (default 500) and
 * prints one JSON line per call naming the provider address that served it, so tests
 * can prove which providers a route leaves this consumer. Options: --registry,
 * --app demo-consumer, --interval 500, --count 0 (0 = forever), --group and --version of the
 * reference (default none; `*` or a comma list of groups as Dubbo allows).
 */
public final class ConsumerMain {
    private ConsumerMain() {}

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        String registry = args.get("registry", "zookeeper://127.0.0.1:2181");
        String app = args.get("app", "demo-consumer");
        int interval = args.getInt("interval", 500);
        int count = args.getInt("count", 0);

        ApplicationConfig application = new ApplicationConfig(app);
        application.setQosEnable(false);
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

        DubboBootstrap bootstrap = DubboBootstrap.getInstance()
                .application(application)
                .registry(registryConfig)
                .configCenter(Peers.configCenter(registry))
                .reference(reference);
        bootstrap.start();
        GreetingService greeting = reference.get();
        System.out.println("READY {\"role\":\"consumer\",\"app\":\"" + app + "\",\"dubbo\":\"" + Version.getVersion() + "\"}");
        System.out.flush();

        for (long seq = 1; count == 0 || seq <= count; seq++) {
            String line;
            try {
                line = "{\"seq\":" + seq + ",\"ok\":true,\"provider\":\"" + greeting.whoAmI() + "\"}";
            } catch (RuntimeException e) {
                line = "{\"seq\":" + seq + ",\"ok\":false,\"error\":\"" + json(String.valueOf(e.getMessage())) + "\"}";
            }
            System.out.println("CALL " + line);
            System.out.flush();
            Thread.sleep(interval);
        }
        bootstrap.stop();
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
