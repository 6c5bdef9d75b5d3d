package dynxml;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.transform.TransformerFactory;
import org.xml.sax.InputSource;

/**
 * The JDK's default XML factories: SAXParserFactory.newInstance() finds its implementation by a
 * class name the JDK passes as a constant to its FactoryFinder, which loads it reflectively. The
 * document is parsed only if the analysis knows that implementation: then the handler's callbacks
 * run.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        SAXParserFactory spf = SAXParserFactory.newInstance();
        spf.newSAXParser().parse(new ByteArrayInputStream("<a><b/></a>".getBytes()), new Handler()); // @handler
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.newDocumentBuilder().parse(new InputSource(new StringReader("<a/>")));
        TransformerFactory tf = TransformerFactory.newInstance();
    }
}
