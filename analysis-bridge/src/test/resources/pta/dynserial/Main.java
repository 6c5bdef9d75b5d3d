package dynserial;

import check.Check;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectInputValidation;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/** Serialization hooks: written objects, their fields, replacements, externalizables, reads, validation. */
public class Main {
    static class Person implements Serializable {
        Address address = new Address(); // @addr

        private void writeObject(ObjectOutputStream out) throws IOException {
            Check.pts(this, "person");
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }

        private Object readResolve() {
            return this;
        }
    }

    static class Address implements Serializable {
        private void writeObject(ObjectOutputStream out) {
            Check.pts(this, "addr");
        }

        private Object writeReplace() {
            return this;
        }
    }

    static class Ext implements Externalizable {
        public Ext() {
        }

        @Override
        public void writeExternal(ObjectOutput out) {
        }

        @Override
        public void readExternal(ObjectInput in) {
        }
    }

    static class Base {
        Base() {
        }
    }

    static class Derived extends Base implements Serializable, ObjectInputValidation {
        private void readObject(ObjectInputStream in) throws IOException {
            in.registerValidation(this, 0);
        }

        @Override
        public void validateObject() {
        }
    }

    static class NoData implements Serializable {
        private void readObjectNoData() {
        }
    }

    static class NotWritten implements Serializable {
        private void writeObject(ObjectOutputStream out) {
        }
    }

    public static void main(String[] args) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutputStream out = new ObjectOutputStream(bytes);
        out.writeObject(new Person()); // @person
        out.writeObject(new Ext());
        out.flush();
        ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Object read = in.readObject();
        Check.pts(new NotWritten(), "notwritten"); // @notwritten
    }
}
