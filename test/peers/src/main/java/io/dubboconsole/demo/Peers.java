package io.dubboconsole.demo;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ConfigCenterConfig;
import org.apache.dubbo.config.RegistryConfig;

/** Registry and config-center settings shared by every peer. */
public final class Peers {
    /** Generous: several JVMs start at once on a 2-core machine. */
    public static final int ZK_TIMEOUT_MS = 30000;

    private Peers() {}

    public static RegistryConfig registry(String address) {
        RegistryConfig registry = new RegistryConfig(address);
        registry.setTimeout(ZK_TIMEOUT_MS);
        return registry;
    }

    /** The registry's ZooKeeper doubles as config center, where 3.x reads condition rules. */
    public static ConfigCenterConfig configCenter(String address) {
        ConfigCenterConfig configCenter = new ConfigCenterConfig();
        configCenter.setAddress(address);
        configCenter.setTimeout((long) ZK_TIMEOUT_MS);
        return configCenter;
    }

    /**
     * QoS off, or on `port` (--qos-port) at `host` (blank: every address) for callers on this machine
     * only (qos.accept.foreign.ip=false, both releases' default). Neither release writes qos.* into
     * the URLs it registers: a console finds QoS at the provider's host on the port it is told.
     */
    public static void qos(ApplicationConfig application, String host, String port) {
        if (port.isEmpty()) {
            application.setQosEnable(false);
            return;
        }
        application.setQosEnable(true);
        application.setQosPort(Integer.parseInt(port));
        if (!host.isEmpty()) application.setQosHost(host);
        application.setQosAcceptForeignIp(false);
    }
}
