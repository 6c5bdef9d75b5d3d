package org.jphantom.agent;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Renames a class in its class file by rewriting the constant pool's UTF-8 entries: every class
 * name, descriptor and signature of the class file lives there, so replacing {@code from} by
 * {@code to} in them renames the class and every reference to it. Only for classes whose other
 * UTF-8 constants (string literals included) do not contain {@code from}.
 */
final class Relocation {
    private Relocation() {
    }

    static byte[] rename(byte[] classFile, String from, String to) {
        try {
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(classFile));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(classFile.length + 256);
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(in.readInt()); // magic
            out.writeShort(in.readUnsignedShort()); // minor
            out.writeShort(in.readUnsignedShort()); // major
            int count = in.readUnsignedShort();
            out.writeShort(count);
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                out.writeByte(tag);
                switch (tag) {
                    case 1 -> out.writeUTF(in.readUTF().replace(from, to));
                    case 7, 8, 16, 19, 20 -> out.writeShort(in.readUnsignedShort());
                    case 15 -> {
                        out.writeByte(in.readUnsignedByte());
                        out.writeShort(in.readUnsignedShort());
                    }
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> out.writeInt(in.readInt());
                    case 5, 6 -> {
                        out.writeLong(in.readLong());
                        i++;
                    }
                    default -> throw new IllegalArgumentException("unknown constant pool tag " + tag);
                }
            }
            in.transferTo(out); // the rest refers to the constant pool by index only
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
