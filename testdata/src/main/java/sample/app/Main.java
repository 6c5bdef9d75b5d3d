package sample.app;

/** The sample's entry point: reads order lines given as arguments and prints the accepted ones. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        OrderService service = new OrderService();
        for (String arg : args) {
            service.accept(arg);
        }
        System.out.println(service.report().toJson());
    }
}
