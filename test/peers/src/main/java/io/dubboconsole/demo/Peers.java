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

    /**
     * --metrics prometheus (Dubbo 3 only): Dubbo's own metrics (calls, response times, failures per
     * service and method, kept by dubbo-metrics-default) exported by its Prometheus reporter
     * (dubbo-metrics-prometheus, inside the dubbo 3.3 jar, over micrometer's simpleclient registry),
     * read as Prometheus text from the QoS command `metrics` (GET http://qos-host:qos-port/metrics).
     * Needs --qos-port. JVM and thread-pool meters stay off so a scrape is the RPC metrics only.
     */
    public static void metrics(String value, String qosPort, String dubboVersion) {
        if (value.isEmpty()) return;
        if (!value.equals("prometheus")) throw new IllegalArgumentException("--metrics takes prometheus, not " + value);
        if (dubboVersion.startsWith("2.")) throw new IllegalArgumentException("--metrics needs Dubbo 3; Dubbo " + dubboVersion + " has no metrics reporter");
        if (qosPort.isEmpty()) throw new IllegalArgumentException("--metrics is read through QoS: give --qos-port too");
        System.setProperty("dubbo.metrics.protocol", "prometheus");
        System.setProperty("dubbo.metrics.enable-jvm", "false");
        System.setProperty("dubbo.metrics.enable-threadpool", "false");
        System.setProperty("dubbo.metrics.enable-netty", "false");
        // Dubbo 3.3 counts calls only with enable-rpc said outright (MetricsFilter reads an absent one as false).
        System.setProperty("dubbo.metrics.enable-rpc", "true");
        System.setProperty("dubbo.metrics.rpc-level", "METHOD");
        // Response times as a histogram (dubbo_provider_rt_milliseconds_histogram_seconds_bucket): a
        // console or Prometheus takes p50 / p99 from its buckets' increase.
        System.setProperty("dubbo.metrics.histogram.enabled", "true");
        System.setProperty("dubbo.metrics.histogram.buckets-ms", "1,2,5,10,20,50,100,200,500,1000,2000,5000,10000");
    }
}
