package io.dubboconsole.demo.idl;

/**
 * The demo provider's IDL service (src/main/proto/demo_orders.proto). quote echoes the request
 * (customer, request_id, currency, lines, tags, ship_to, express) and adds line_count,
 * total_micros (the sum of quantity * unit_price_micros) and served_by (the provider's
 * host:port). A line with a negative quantity fails the call with an IllegalArgumentException;
 * customer "slow" answers after 3 s (for timeouts).
 */
public final class OrderServiceImpl extends DubboOrderServiceTriple.OrderServiceImplBase {
    static final long SLOW_MILLIS = 3000;

    private final String address;

    public OrderServiceImpl(String address) {
        this.address = address;
    }

    @Override
    public QuoteReply quote(QuoteRequest request) {
        long total = 0;
        for (Line line : request.getLinesList()) {
            if (line.getQuantity() < 0) {
                throw new IllegalArgumentException("quantity must not be negative: " + line.getSku());
            }
            total += line.getQuantity() * line.getUnitPriceMicros();
        }
        if ("slow".equals(request.getCustomer())) {
            try {
                Thread.sleep(SLOW_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        QuoteReply.Builder reply = QuoteReply.newBuilder()
                .setCustomer(request.getCustomer())
                .setRequestId(request.getRequestId())
                .setCurrency(request.getCurrency())
                .addAllLines(request.getLinesList())
                .setLineCount(request.getLinesCount())
                .setTotalMicros(total)
                .setServedBy(address)
                .putAllTags(request.getTagsMap())
                .setExpress(request.getExpress());
        if (request.hasShipTo()) {
            reply.setShipTo(request.getShipTo());
        }
        return reply.build();
    }

    @Override
    public Empty ping(Empty request) {
        return Empty.getDefaultInstance();
    }
}
