package io.dubboconsole.demo.idl;

import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ServiceConfig;

/**
 * The IDL services of the demo provider, for ProviderMain (shared with Dubbo 2.7, which has no
 * such classes) to reach by reflection: {@code Class.forName("io.dubboconsole.demo.idl.IdlServices")}.
 */
public final class IdlServices {
    private IdlServices() {}

    /**
     * OrderService (no version, no group) exported on {@code tri} only: an IDL service has no
     * business on the dubbo protocol. {@code address} is what quote answers as served_by.
     */
    public static ServiceConfig<?> orders(String address, ProtocolConfig tri) {
        if (!"tri".equals(tri.getName())) {
            throw new IllegalArgumentException("OrderService is served on tri only, not " + tri.getName());
        }
        ServiceConfig<OrderService> orders = new ServiceConfig<OrderService>();
        orders.setId("orders");
        orders.setInterface(OrderService.class);
        orders.setRef(new OrderServiceImpl(address));
        orders.setProtocol(tri);
        return orders;
    }
}
