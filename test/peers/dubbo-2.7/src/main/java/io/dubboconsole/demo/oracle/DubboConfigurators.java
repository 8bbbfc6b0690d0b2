package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.rpc.cluster.Configurator;
import org.apache.dubbo.rpc.cluster.configurator.parser.ConfigParser;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The configurator oracle on Dubbo 2.7.23: registry URLs through Configurator.toConfigurators
 * (ConfiguratorFactory's adaptive extension: OverrideConfigurator, AbsentConfigurator),
 * config-center rules through ConfigParser.parseConfigurators as AbstractConfiguratorListener
 * reads them, and every URL through them in RegistryDirectory.overrideWithConfigurator's order
 * (registry, application, service; its six-line loop is copied here, since the class's static
 * consumer listener needs a configured application to load). Provider URLs are taken as
 * already merged (RegistryDirectory.mergeUrl's ClusterUtils step is the route oracle's).
 */
public final class DubboConfigurators {
    private DubboConfigurators() {}

    static String answer(ConfigOracle.Case c) throws Exception {
        List<URL> registryUrls = new ArrayList<URL>();
        for (String s : c.registry) {
            registryUrls.add(URL.valueOf(s));
        }
        List<Configurator> registry = Configurator.toConfigurators(registryUrls).orElse(Collections.<Configurator>emptyList());
        List<Configurator> app = rule("app", c.appRule);
        List<Configurator> service = rule("service", c.serviceRule);
        StringBuilder out = new StringBuilder(256).append("{\"id\":").append(c.id).append(",\"ok\":true,\"localHost\":");
        Json.quote(out, NetUtils.getLocalHost());
        out.append(",\"consumer\":");
        url(out, chain(URL.valueOf(c.consumer), registry, app, service));
        out.append(",\"providers\":[");
        for (int i = 0; i < c.providers.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            url(out, chain(URL.valueOf(c.providers.get(i)), registry, app, service));
        }
        return out.append("]}").toString();
    }

    /** AbstractConfiguratorListener.genConfiguratorsFromRawRule of a fresh listener. */
    static List<Configurator> rule(String name, String text) throws ConfigOracle.RuleFailure {
        if (text == null) {
            return Collections.emptyList();
        }
        try {
            return Configurator.toConfigurators(ConfigParser.parseConfigurators(text)).orElse(Collections.<Configurator>emptyList());
        } catch (Exception e) {
            throw new ConfigOracle.RuleFailure(name, e);
        }
    }

    /** RegistryDirectory.overrideWithConfigurator: the three lists in turn, each configurator's configure in order. */
    private static URL chain(URL url, List<Configurator> registry, List<Configurator> app, List<Configurator> service) {
        for (List<Configurator> list : Arrays.asList(registry, app, service)) {
            for (Configurator configurator : list) {
                url = configurator.configure(url);
            }
        }
        return url;
    }

    private static void url(StringBuilder out, URL u) {
        ConfigOracle.url(out, u.getProtocol(), u.getUsername(), u.getHost(), u.getPort(), u.getPath(), u.getParameters());
    }
}
