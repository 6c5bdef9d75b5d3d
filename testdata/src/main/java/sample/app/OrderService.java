package sample.app;

import java.util.ArrayList;
import java.util.List;
import sample.lib.json.Json;
import sample.lib.json.JsonArray;
import sample.lib.json.JsonException;
import sample.lib.log.Logger;
import sample.lib.log.LoggerFactory;

/** Parses orders, keeps the valid ones and renders them as a JSON array. */
public class OrderService {
    private static final Logger LOG = LoggerFactory.getLogger(OrderService.class);

    private final List<Order> orders = new ArrayList<>();

    public boolean accept(String text) {
        try {
            Order order = Order.fromJson(Json.parseObject(text));
            orders.add(order);
            if (LOG.isDebugEnabled()) {
                LOG.info("accepted " + order.id());
            }
            return true;
        } catch (JsonException e) {
            LOG.warn("rejected " + text, e);
            return false;
        }
    }

    public JsonArray report() {
        JsonArray array = new JsonArray();
        for (Order order : orders) {
            array.add(order.toJson());
        }
        LOG.info("report of " + array.size() + " orders");
        return array;
    }
}
