package it.app;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

/** Parses its arguments with commons-cli, which the runtime provides. */
public class App {
    public static void main(String[] args) throws ParseException {
        Options options = new Options();
        options.addOption("v", "verbose", false, "say more");
        CommandLine cl = new DefaultParser().parse(options, args);
        System.out.println(cl.hasOption("v") ? "verbose" : "quiet");
    }
}
