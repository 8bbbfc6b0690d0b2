package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.api.GreetingService;

public class GreetingServiceImpl implements GreetingService {
    private final String address;
    private final String dubboVersion;

    public GreetingServiceImpl(String address, String dubboVersion) {
        this.address = address;
        this.dubboVersion = dubboVersion;
    }

    @Override
    public String greet(String name) {
        return "Hello " + name + ", from " + address + " (Dubbo " + dubboVersion + ")";
    }

    @Override
    public String whoAmI() {
        return address;
    }
}
