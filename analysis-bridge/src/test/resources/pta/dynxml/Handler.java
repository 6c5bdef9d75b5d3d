package dynxml;

import check.Check;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

/** The program's SAX handler: the parser calls it back. */
public class Handler extends DefaultHandler {
    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) {
        Check.pts(this, "handler");
    }
}
