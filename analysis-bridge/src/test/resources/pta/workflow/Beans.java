package workflow;

/** Twelve beans with one setter and one getter each, for {@code Binder}. */
public class Beans {
    public static class B01 {
        private String v;

        public void setValue01(String v) {
            this.v = v;
        }

        public String getValue01() {
            return v;
        }
    }

    public static class B02 {
        private String v;

        public void setValue02(String v) {
            this.v = v;
        }

        public String getValue02() {
            return v;
        }
    }

    public static class B03 {
        private String v;

        public void setValue03(String v) {
            this.v = v;
        }

        public String getValue03() {
            return v;
        }
    }

    public static class B04 {
        private String v;

        public void setValue04(String v) {
            this.v = v;
        }

        public String getValue04() {
            return v;
        }
    }

    public static class B05 {
        private String v;

        public void setValue05(String v) {
            this.v = v;
        }

        public String getValue05() {
            return v;
        }
    }

    public static class B06 {
        private String v;

        public void setValue06(String v) {
            this.v = v;
        }

        public String getValue06() {
            return v;
        }
    }

    public static class B07 {
        private String v;

        public void setValue07(String v) {
            this.v = v;
        }

        public String getValue07() {
            return v;
        }
    }

    public static class B08 {
        private String v;

        public void setValue08(String v) {
            this.v = v;
        }

        public String getValue08() {
            return v;
        }
    }

    public static class B09 {
        private String v;

        public void setValue09(String v) {
            this.v = v;
        }

        public String getValue09() {
            return v;
        }
    }

    public static class B10 {
        private String v;

        public void setValue10(String v) {
            this.v = v;
        }

        public String getValue10() {
            return v;
        }
    }

    public static class B11 {
        private String v;

        public void setValue11(String v) {
            this.v = v;
        }

        public String getValue11() {
            return v;
        }
    }

    public static class B12 {
        private String v;

        public void setValue12(String v) {
            this.v = v;
        }

        public String getValue12() {
            return v;
        }
    }
}
