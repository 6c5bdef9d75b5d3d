package fields;

import check.Check;

public class Main {
    static class Node {
        Object value;
        Node next;
    }

    public static void main(String[] args) {
        Node n1 = new Node(); // @n1
        Node n2 = new Node(); // @n2
        n1.value = new Object(); // @v1
        n2.value = new Object(); // @v2
        n1.next = n2;
        Check.pts(n1.value, "v1");
        Check.pts(n2.value, "v2");
        Check.pts(n1.next, "n2");
        Check.pts(n1.next.value, "v2");
        Check.pts(n2.next, "");
    }
}
