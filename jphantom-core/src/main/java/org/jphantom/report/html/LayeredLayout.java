package org.jphantom.report.html;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * Places the boxes of a layered drawing, as jphantom's SVG pictures draw them (the complement's
 * phantom hierarchy, the analysis' call graph): layers top to bottom, each wrapped into rows no
 * wider than {@link Geometry#maxRowWidth()}, each row centred, boxes of one height and the width
 * the caller gives. Integer coordinates only, so the same layers give the same numbers on every
 * machine and locale. Which node goes to which layer, and what is drawn, is the caller's.
 */
public final class LayeredLayout {
    /** The spacing of a drawing; {@code top} is where the first row starts (room for a legend above). */
    public record Geometry(int maxRowWidth, int minWidth, int nodeHeight, int hGap, int rowGap, int margin, int top) {
    }

    /** A box's top-left corner and width. */
    public record Box(int x, int y, int w) {
        public int centre() {
            return x + w / 2;
        }
    }

    private final Map<String, Box> boxes;
    private final int width;
    private final int height;
    private final boolean empty;

    private LayeredLayout(Map<String, Box> boxes, int width, int height, boolean empty) {
        this.boxes = boxes;
        this.width = width;
        this.height = height;
        this.empty = empty;
    }

    /**
     * Lays out {@code layers} (each in the order its boxes go left to right), box widths from
     * {@code width}: rows as wide as the widest row, but at least {@link Geometry#minWidth()}.
     */
    public static LayeredLayout of(List<List<String>> layers, ToIntFunction<String> width, Geometry g) {
        List<List<String>> rows = new ArrayList<>();
        for (List<String> layer : layers) {
            List<String> row = new ArrayList<>();
            int w = 0;
            for (String n : layer) {
                int nw = width.applyAsInt(n);
                if (!row.isEmpty() && w + g.hGap() + nw > g.maxRowWidth()) {
                    rows.add(row);
                    row = new ArrayList<>();
                    w = 0;
                }
                w += (row.isEmpty() ? 0 : g.hGap()) + nw;
                row.add(n);
            }
            if (!row.isEmpty()) {
                rows.add(row);
            }
        }
        int maxWidth = g.minWidth();
        for (List<String> row : rows) {
            maxWidth = Math.max(maxWidth, rowWidth(row, width, g));
        }
        Map<String, Box> boxes = new TreeMap<>();
        int y = g.top();
        for (List<String> row : rows) {
            int x = g.margin() + (maxWidth - rowWidth(row, width, g)) / 2;
            for (String n : row) {
                int nw = width.applyAsInt(n);
                boxes.put(n, new Box(x, y, nw));
                x += nw + g.hGap();
            }
            y += g.nodeHeight() + g.rowGap();
        }
        int height = rows.isEmpty() ? g.top() + g.nodeHeight() + g.margin() : y - g.rowGap() + g.margin();
        return new LayeredLayout(Collections.unmodifiableMap(boxes), maxWidth + 2 * g.margin(), height, rows.isEmpty());
    }

    private static int rowWidth(List<String> row, ToIntFunction<String> width, Geometry g) {
        int w = -g.hGap();
        for (String n : row) {
            w += width.applyAsInt(n) + g.hGap();
        }
        return w;
    }

    /** The boxes by node, in node order. */
    public Map<String, Box> boxes() {
        return boxes;
    }

    /** The box of {@code node}, or null if it was in no layer. */
    public Box box(String node) {
        return boxes.get(node);
    }

    /** The drawing's width, margins included. */
    public int width() {
        return width;
    }

    /** The drawing's height, margins included (one empty row's worth when there is no node). */
    public int height() {
        return height;
    }

    /** Whether no layer had a node. */
    public boolean isEmpty() {
        return empty;
    }
}
