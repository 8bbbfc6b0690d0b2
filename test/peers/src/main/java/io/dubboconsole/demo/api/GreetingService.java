package io.dubboconsole.demo.api;

/** A service exported with neither group nor version. */
public interface GreetingService {
    String greet(String name);

    /** The address ("host:port") of the provider that served the call. */
    String whoAmI();
}
