package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.api.GreetingService;

public class GreetingServiceImpl implements GreetingService {
    private final String address;
    private final String dubboVersion;
    /** Prints "SERVED whoAmI" per call, so a test can count the calls that reached this provider. */
    private final boolean logCalls;

    public GreetingServiceImpl(String address, String dubboVersion) {
        this(address, dubboVersion, false);
    }

    public GreetingServiceImpl(String address, String dubboVersion, boolean logCalls) {
        this.address = address;
        this.dubboVersion = dubboVersion;
        this.logCalls = logCalls;
    }

    @Override
    public String greet(String name) {
        return "Hello " + name + ", from " + address + " (Dubbo " + dubboVersion + ")";
    }

    @Override
    public String whoAmI() {
        if (logCalls) {
            System.out.println("SERVED whoAmI");
        }
        return address;
    }
}
