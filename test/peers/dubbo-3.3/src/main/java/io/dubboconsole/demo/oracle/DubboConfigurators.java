package io.dubboconsole.demo.oracle;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.registry.integration.RegistryDirectory;
import org.apache.dubbo.rpc.cluster.Configurator;
import org.apache.dubbo.rpc.cluster.configurator.parser.ConfigParser;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The configurator oracle on Dubbo 3.3.6: registry URLs through Configurator.toConfigurators,
 * config-center rules through ConfigParser.parseConfigurators with the listener's security
 * keys removed (AbstractConfiguratorListener.genConfiguratorsFromRawRule and initSecurityKey),
 * and every URL through RegistryDirectory's own private overrideWithConfigurators in
 * overrideWithConfigurator's order (registry, application, service), on a directory allocated
 * without its constructor (the method reads no field). The consumer URL is a plain URL; each
 * provider is the DubboServiceAddressURL ZookeeperRegistry makes (provider parameters, the
 * consumer URL behind), so the configurators act on its separate override URL; the answer
 * gives that override URL and what getParameter then answers for a few keys.
 */
public final class DubboConfigurators {
    private static final Method OVERRIDE;
    private static final Object DIRECTORY;
    /** AbstractConfiguratorListener.initSecurityKey. */
    private static final Set<String> SECURITY_KEYS = new HashSet<String>(Arrays.asList("accesslog.fixed.path", "router", "rule", "runtime", "type"));
    /** The keys whose effective value the answer reports (test/support/config-oracle.ts EFFECTIVE_KEYS). */
    private static final List<String> EFFECTIVE = Arrays.asList("weight", "disabled", "enabled", "timeout", "retries", "loadbalance", "cluster", "application", "side", "group", "version", "sayHello.timeout");

    static {
        try {
            OVERRIDE = RegistryDirectory.class.getDeclaredMethod("overrideWithConfigurators", List.class, URL.class);
            OVERRIDE.setAccessible(true);
            Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            f.setAccessible(true);
            Object unsafe = f.get(null);
            DIRECTORY = unsafe.getClass().getMethod("allocateInstance", Class.class).invoke(unsafe, RegistryDirectory.class);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DubboConfigurators() {}

    static String answer(ConfigOracle.Case c) throws Exception {
        List<URL> registryUrls = new ArrayList<URL>();
        for (String s : c.registry) {
            registryUrls.add(URL.valueOf(s));
        }
        List<Configurator> registry = Configurator.toConfigurators(registryUrls).orElse(Collections.<Configurator>emptyList());
        List<Configurator> app = rule("app", c.appRule);
        List<Configurator> service = rule("service", c.serviceRule);
        URL consumer = URL.valueOf(c.consumer);
        StringBuilder out = new StringBuilder(256).append("{\"id\":").append(c.id).append(",\"ok\":true,\"localHost\":");
        Json.quote(out, NetUtils.getLocalHost());
        out.append(",\"consumer\":");
        url(out, chain(consumer, registry, app, service));
        out.append(",\"providers\":[");
        for (int i = 0; i < c.providers.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            URL p = URL.valueOf(c.providers.get(i));
            DubboServiceAddressURL address = new DubboServiceAddressURL(p.getUrlAddress(), p.getUrlParam(), consumer, null);
            DubboServiceAddressURL configured = (DubboServiceAddressURL) chain(address, registry, app, service);
            out.append("{\"override\":");
            if (configured.getOverrideURL() == null) {
                out.append("null");
            } else {
                url(out, configured.getOverrideURL());
            }
            Map<String, String> effective = new LinkedHashMap<String, String>();
            for (String key : EFFECTIVE) {
                effective.put(key, configured.getParameter(key));
            }
            out.append(",\"effective\":");
            ConfigOracle.map(out, effective);
            out.append('}');
        }
        return out.append("]}").toString();
    }

    /** AbstractConfiguratorListener.genConfiguratorsFromRawRule of a fresh listener. */
    static List<Configurator> rule(String name, String text) throws ConfigOracle.RuleFailure {
        if (text == null) {
            return Collections.emptyList();
        }
        List<URL> urls;
        try {
            urls = ConfigParser.parseConfigurators(text);
        } catch (Exception e) {
            throw new ConfigOracle.RuleFailure(name, e);
        }
        List<URL> safe = new ArrayList<URL>();
        for (URL u : urls) {
            safe.add(u.removeParameters(SECURITY_KEYS));
        }
        return Configurator.toConfigurators(safe).orElse(Collections.<Configurator>emptyList());
    }

    static URL chain(URL url, List<Configurator> registry, List<Configurator> app, List<Configurator> service) throws Exception {
        url = (URL) OVERRIDE.invoke(DIRECTORY, registry, url);
        url = (URL) OVERRIDE.invoke(DIRECTORY, app, url);
        return (URL) OVERRIDE.invoke(DIRECTORY, service, url);
    }

    private static void url(StringBuilder out, URL u) {
        ConfigOracle.url(out, u.getProtocol(), u.getUsername(), u.getHost(), u.getPort(), u.getPath(), u.getParameters());
    }
}
