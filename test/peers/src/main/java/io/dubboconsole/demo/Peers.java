package io.dubboconsole.demo;

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
}
