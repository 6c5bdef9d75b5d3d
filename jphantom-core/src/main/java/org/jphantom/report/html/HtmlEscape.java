package org.jphantom.report.html;

/**
 * HTML escaping shared by jphantom's HTML reports (the complement's and the analysis'): class and
 * member names may hold {@code < & " '}, and every name a report shows goes through here.
 */
public final class HtmlEscape {
    private HtmlEscape() {
    }

    /** {@code s} escaped for HTML text and attribute values. */
    public static String esc(String s) {
        int first = 0;
        while (first < s.length() && "&<>\"'".indexOf(s.charAt(first)) < 0) {
            first++;
        }
        if (first == s.length()) {
            return s; // most names hold nothing to escape: no copy
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        sb.append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** A link with escaped target and text. */
    public static String link(String href, String text) {
        return "<a href=\"" + esc(href) + "\">" + esc(text) + "</a>";
    }
}
