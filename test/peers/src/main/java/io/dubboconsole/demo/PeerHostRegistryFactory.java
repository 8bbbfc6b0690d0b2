package io.dubboconsole.demo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.RegistryFactory;

import java.util.List;

/**
 * A Dubbo SPI wrapper around every RegistryFactory that registers this peer under the
 * loopback address given by the system property {@value #HOST_PROPERTY} (127.0.0.2, ...).
 *
 * Why: Dubbo treats every 127.x address as "invalid local host" (NetUtils.isInvalidLocalHost)
 * and replaces it with the machine's first non-loopback address, and refuses it outright in
 * DUBBO_IP_TO_REGISTRY. The test rig needs several providers on distinct loopback hosts so
 * that host-based routes are real, so the peer rewrites only the host of the URLs it
 * registers. The server itself listens on all addresses (Dubbo's anyhost), so a call to
 * 127.0.0.2:port reaches it. Compiles against Dubbo 2.7 and 3.x alike.
 */
public class PeerHostRegistryFactory implements RegistryFactory {
    public static final String HOST_PROPERTY = "peer.registry.host";

    private final RegistryFactory delegate;

    public PeerHostRegistryFactory(RegistryFactory delegate) {
        this.delegate = delegate;
    }

    @Override
    public Registry getRegistry(URL url) {
        Registry registry = delegate.getRegistry(url);
        String host = System.getProperty(HOST_PROPERTY);
        return host == null || host.isEmpty() ? registry : new HostRewritingRegistry(registry, host);
    }

    static final class HostRewritingRegistry implements Registry {
        private final Registry delegate;
        private final String host;

        HostRewritingRegistry(Registry delegate, String host) {
            this.delegate = delegate;
            this.host = host;
        }

        private URL rewrite(URL url) {
            return url.setHost(host);
        }

        @Override public URL getUrl() { return delegate.getUrl(); }
        @Override public boolean isAvailable() { return delegate.isAvailable(); }
        @Override public void destroy() { delegate.destroy(); }
        @Override public void register(URL url) { delegate.register(rewrite(url)); }
        @Override public void unregister(URL url) { delegate.unregister(rewrite(url)); }
        @Override public void subscribe(URL url, NotifyListener listener) { delegate.subscribe(url, listener); }
        @Override public void unsubscribe(URL url, NotifyListener listener) { delegate.unsubscribe(url, listener); }
        @Override public List<URL> lookup(URL url) { return delegate.lookup(url); }
    }
}
