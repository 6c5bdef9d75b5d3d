#!/usr/bin/env bash
# Recall of jphantom's call graph against a real run: the program (sablecc 3.2 on a small grammar,
# the antlr 3.5.3 tool on a small grammar, xalan 2.7.3 transforming a small document with a
# stylesheet, log4j 1.2.17 configured from a properties file by a four-line driver, Apache Ant
# 1.10.15 running a small build file, Velocity 1.7 rendering a template by a small driver, PMD 4.2.6
# checking a small source file, JUnit 4.13.2 running commons-cli 1.4's tests jar, or BeanShell 2.0b4
# running a short script) runs under HotSpot with
#   -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods -XX:+PrintTouchedMethodsAtExit
# and class-load logging; then `jphantom analyze` runs on the same jars with the same main class.
# Prints the executed methods of the program's own jars, how many of them are reachable, the
# recall, and the missed methods grouped by class (30 largest groups), via bench/Recall.java.
#
# Usage: bench/recall.sh [sablecc|antlr|xalan|log4j|ant|velocity|junit|pmd|bsh|checkstyle|saxon|digester] [ANALYZE OPTION...]
#   bench/recall.sh sablecc                         today's analysis (ci)
#   bench/recall.sh antlr --context 1obj            extra options go to `jphantom analyze` as given
#   bench/recall.sh sablecc --reflection-log refl.log   (once analyze takes it)
#   JAVA_OPTS=... bench/recall.sh                   JVM flags of the analysis (default -XX:+UseSerialGC)
#   JPHANTOM=/tmp/jphantom.jar bench/recall.sh      the CLI jar to analyse with (default: this checkout's build)
#   RECORD=0 bench/recall.sh                        skip the second, recorded run (by default the program
#                                                   runs again under `jphantom record --calls`: each missed
#                                                   group lists the recorded reflective calls that reach it,
#                                                   and bench/EdgeRecall.java compares the run's call edges into
#                                                   the program's methods with the static graph; the files are
#                                                   bench/target/recall/PROGRAM/refl.log and calls.txt)
#   REUSE_RUN=1 bench/recall.sh ...               analyse again against the program's last run (kept in
#                                                   bench/target/recall/PROGRAM/) instead of running it anew
#   EDGES=1 bench/recall.sh ...                     also run the program under a JVMTI agent that records ALL its
#                                                   call edges, into the library too (bench/jvmti/edges.c, built
#                                                   with gcc), and compare those instead (bench/EdgeRecall.java):
#                                                   missed app-to-app and app-to-library edges, static/dynamic size
#   RUN_JAVA_OPTS=... bench/recall.sh               JVM flags of the program's run (default -Xint: HotSpot
#                                                   marks a method "touched" when its counters are made,
#                                                   which the JIT also does for callees it only considers
#                                                   inlining, e.g. overridden methods that never run)
#   RECORD_JAVA_OPTS=... bench/recall.sh            JVM flags of the recorded run (default none: JIT on)
#   COMMAND_LINE=1 bench/recall.sh ...              analyse the run's command line too: each of the run's
#                                                   arguments goes to analyze as --arg, so main's String[]
#                                                   holds exactly them (default: any command line)
# Needs JDK 17 to 21 (-XX:+LogTouchedMethods is gone from later JDKs). Files go to
# bench/target/recall/PROGRAM/. Exit status: 0 on success, 2 on a setup error.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
PROGRAM=${1:-sablecc}
[[ $# -gt 0 ]] && shift
OUT_FILE=
OUTPUT_ARG=1 # the index in ARGS of the run's output (another is given to the second and third runs); empty: none
JAVA_OPTS=${JAVA_OPTS:--XX:+UseSerialGC}
RUN_JAVA_OPTS=${RUN_JAVA_OPTS:--Xint}
RECORD_JAVA_OPTS=${RECORD_JAVA_OPTS:-} # the recorded run needs no -Xint (it logs no touched methods)
WORK=$ROOT/bench/target/recall/$PROGRAM
JPHANTOM=${JPHANTOM:-$ROOT/jphantom-cli/target/jphantom.jar} # a copy keeps long runs apart from rebuilds
die() { echo "recall: $*" >&2; exit 2; }

if [[ ! -f $JPHANTOM ]]; then
    echo "recall: building jphantom (mvn -B -q -DskipTests package)" >&2
    mvn -B -q -DskipTests package || die "build failed"
fi
fetch() { # groupId:artifactId:version[:jar:classifier] -> path of the jar (the build's corpus copy, else Maven)
    local coords=$1 g a v t c
    IFS=: read -r g a v t c <<<"$coords"
    local file=$a-$v${c:+-$c}.jar
    local corpus=$ROOT/jphantom-cli/target/corpus/$file
    if [[ -f $corpus ]]; then echo "$corpus"; return; fi
    local dir=$ROOT/bench/target/pta # shared with bench/pta.sh
    mkdir -p "$dir"
    if [[ ! -f $dir/$file ]]; then
        echo "recall: fetching $coords" >&2
        mvn -B -q -N dependency:copy -Dartifact="$coords" -DoutputDirectory="$dir" >&2 || die "cannot fetch $coords"
    fi
    echo "$dir/$file"
}

closure() { # groupId:artifactId:version -> the jars of its runtime closure, the artifact's own first, one a line
    local coords=$1 g a v
    IFS=: read -r g a v <<<"$coords"
    local dir=$ROOT/bench/target/closures/$a-$v
    if [[ ! -f $dir/done ]]; then
        echo "recall: fetching the runtime closure of $coords" >&2
        rm -rf "$dir"; mkdir -p "$dir/lib"
        printf '%s\n' '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>' \
            '  <groupId>recall</groupId><artifactId>closure</artifactId><version>1</version>' \
            "  <dependencies><dependency><groupId>$g</groupId><artifactId>$a</artifactId><version>$v</version></dependency></dependencies>" \
            '</project>' > "$dir/pom.xml"
        mvn -B -q -f "$dir/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$dir/lib" >&2 \
            || die "cannot fetch the closure of $coords"
        touch "$dir/done"
    fi
    echo "$dir/lib/$a-$v.jar"
    find "$dir/lib" -name '*.jar' ! -name "$a-$v.jar" | LC_ALL=C sort
}
has_classes() { # whether a jar holds a class file (guava's listenablefuture-9999.0-empty... holds none)
    [[ $(unzip -Z1 "$1" 2>/dev/null | grep -c '\.class$') -gt 0 ]]
}

REUSE=${REUSE_RUN:-0}
if [[ $REUSE != 0 && -s $WORK/touched.txt ]]; then
    REUSE=1 # the program's run is there: analyse again only
else
    REUSE=0
    rm -rf "$WORK"
fi
mkdir -p "$WORK/in" "$WORK/gen"
case $PROGRAM in
    sablecc) # the grammar of jphantom-cli's PtaSoundnessTest
        INPUTS=("$(fetch sablecc:sablecc:3.2)")
        MAIN=org.sablecc.sablecc.SableCC
        cat > "$WORK/in/calc.grammar" <<'EOF'
Package calc;
Helpers
  digit = ['0' .. '9'];
Tokens
  number = digit+;
  plus = '+';
  l_par = '(';
  r_par = ')';
  blank = (' ' | 10 | 13 | 9)+;
Ignored Tokens
  blank;
Productions
  expr = {plus} expr plus term | {term} term;
  term = {number} number | {paren} l_par expr r_par;
EOF
        ARGS=(-d "$WORK/gen" "$WORK/in/calc.grammar") ;;
    antlr) # the closure of bench/pta.sh; a combined grammar with a tree-building parser
        INPUTS=("$(fetch org.antlr:antlr:3.5.3)" "$(fetch org.antlr:antlr-runtime:3.5.3)" "$(fetch org.antlr:ST4:4.3.1)"
                "$(fetch org.antlr:stringtemplate:3.2.1)" "$(fetch antlr:antlr:2.7.7)")
        MAIN=org.antlr.Tool
        cat > "$WORK/in/Calc.g" <<'EOF'
grammar Calc;
options { output = AST; }
prog : stat+ ;
stat : expr NEWLINE -> expr
     | ID '=' expr NEWLINE -> ^('=' ID expr)
     | NEWLINE ->
     ;
expr : multExpr (('+'^ | '-'^) multExpr)* ;
multExpr : atom ('*'^ atom)* ;
atom : INT | ID | '('! expr ')'! ;
ID : ('a'..'z' | 'A'..'Z')+ ;
INT : '0'..'9'+ ;
NEWLINE : '\r'? '\n' ;
WS : (' ' | '\t')+ { skip(); } ;
EOF
        ARGS=(-o "$WORK/gen" "$WORK/in/Calc.g") ;;
    xalan) # the XSLT processor of the thesis' Figure 3.4: stylesheet attributes set through
           # setters whose names it builds ("set" + the attribute's name, camel-cased)
        INPUTS=("$(fetch xalan:xalan:2.7.3)" "$(fetch xalan:serializer:2.7.3)")
        MAIN=org.apache.xalan.xslt.Process
        cat > "$WORK/in/in.xml" <<'EOF'
<?xml version="1.0"?>
<shop><item price="3" name="pen"/><item price="12" name="book"/><item price="7" name="cup"/></shop>
EOF
        cat > "$WORK/in/style.xsl" <<'EOF'
<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" indent="yes" encoding="UTF-8"/>
  <xsl:param name="limit" select="5"/>
  <xsl:key name="byName" match="item" use="@name"/>
  <xsl:template match="/">
    <html><body><table>
      <xsl:for-each select="shop/item">
        <xsl:sort select="@price" data-type="number" order="descending"/>
        <xsl:if test="@price &gt; $limit">
          <tr><td><xsl:value-of select="@name"/></td>
              <td><xsl:number value="position()" format="1."/></td>
              <td><xsl:value-of select="format-number(@price, '#.00')"/></td></tr>
        </xsl:if>
      </xsl:for-each>
      <xsl:call-template name="total"><xsl:with-param name="n" select="count(shop/item)"/></xsl:call-template>
      <xsl:choose><xsl:when test="key('byName', 'pen')">pen</xsl:when><xsl:otherwise>none</xsl:otherwise></xsl:choose>
    </table></body></html>
  </xsl:template>
  <xsl:template name="total"><xsl:param name="n"/><p><xsl:value-of select="concat('items: ', $n)"/></p></xsl:template>
</xsl:stylesheet>
EOF
        OUT_FILE=out.html
        ARGS=(-OUT "$WORK/gen/out.html" -IN "$WORK/in/in.xml" -XSL "$WORK/in/style.xsl") ;;
    log4j) # log4j 1.2.17 configured from a properties file: the appender and layout classes are
           # named only in the file (OptionConverter's loadClass/newInstance, cast to Appender), their
           # options are set through java.beans (PropertySetter: the write methods, Method.invoke)
        INPUTS=("$(fetch log4j:log4j:1.2.17)")
        MAIN=demo.Main
        mkdir -p "$WORK/in/src/demo" "$WORK/in/cls"
        cat > "$WORK/in/src/demo/Main.java" <<'EOF'
package demo;

import org.apache.log4j.Logger;
import org.apache.log4j.PropertyConfigurator;

public class Main {
    public static void main(String[] args) {
        PropertyConfigurator.configure(args[0]);
        Logger log = Logger.getLogger(Main.class);
        log.info("starting");
        log.debug("a debug message");
        Logger.getLogger("demo.sub").warn("a warning", new IllegalStateException("for the stack trace"));
        log.error("done");
    }
}
EOF
        javac -nowarn -d "$WORK/in/cls" -cp "${INPUTS[0]}" "$WORK/in/src/demo/Main.java" || die "cannot compile the log4j driver"
        jar cf "$WORK/in/demo.jar" -C "$WORK/in/cls" . || die "cannot pack the log4j driver"
        INPUTS=("$WORK/in/demo.jar" "${INPUTS[@]}")
        cat > "$WORK/in/log4j.properties" <<EOF
log4j.rootLogger=DEBUG, stdout, file
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.Target=System.out
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{1} - %m%n
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$WORK/gen/app.log
log4j.appender.file.MaxFileSize=1MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.Threshold=INFO
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=%p %c - %m%n
log4j.logger.demo.sub=WARN
EOF
        ARGS=("$WORK/in/log4j.properties") ;;
    ant) # Apache Ant 1.10.15 running a small build file: the task and type classes are named only in
         # its defaults.properties (ComponentHelper/AntTypeDefinition: Class.forName or loadClass, then
         # getConstructor().newInstance(), then cast to Task), attributes and nested elements are set
         # through the setters, adders and creators IntrospectionHelper finds by name among getMethods()
        INPUTS=("$(fetch org.apache.ant:ant:1.10.15)" "$(fetch org.apache.ant:ant-launcher:1.10.15)")
        MAIN=org.apache.tools.ant.Main
        cat > "$WORK/in/build.xml" <<'EOF'
<project name="demo" default="all" basedir=".">
  <property name="out" location="${gen}/out"/>
  <property file="${basedir}/demo.properties"/>
  <macrodef name="note">
    <attribute name="text"/>
    <sequential><echo message="note: @{text}" level="info"/></sequential>
  </macrodef>
  <target name="init">
    <mkdir dir="${out}"/>
    <tstamp/>
  </target>
  <target name="all" depends="init">
    <echo message="building ${ant.project.name} version ${version}"/>
    <echo file="${out}/hello.txt" append="false">hello ${version}${line.separator}</echo>
    <copy todir="${out}/copy" overwrite="true">
      <fileset dir="${basedir}" includes="*.properties"/>
      <filterset><filter token="X" value="y"/></filterset>
    </copy>
    <note text="copied"/>
    <condition property="has.hello"><available file="${out}/hello.txt"/></condition>
    <echo message="hello exists: ${has.hello}"/>
    <concat destfile="${out}/all.txt"><fileset dir="${out}" includes="*.txt"/></concat>
    <delete file="${out}/hello.txt"/>
  </target>
</project>
EOF
        echo "version=1.2.3" > "$WORK/in/demo.properties"
        ARGS=(-Dgen "$WORK/gen" -f "$WORK/in/build.xml") ;; # ARGS[1]: the output, as for the others
    velocity) # Velocity 1.7 rendering a template (a driver like log4j's): its resource loader, log chute,
              # introspector and directives are classes named in its velocity.properties and
              # directive.properties (ClassUtils.getNewInstance: loadClass/forName, newInstance, then
              # cast); the template's $item.name and $item.getPrice() are found by its introspection
              # (getMethods, "get"/"is" + the property name) and called by Method.invoke
        INPUTS=("$(fetch org.apache.velocity:velocity:1.7)" "$(fetch commons-collections:commons-collections:3.2.1)"
                "$(fetch commons-lang:commons-lang:2.4)")
        MAIN=demo.Main
        mkdir -p "$WORK/in/src/demo" "$WORK/in/cls" "$WORK/in/templates"
        cat > "$WORK/in/src/demo/Main.java" <<'EOF'
package demo;

import java.io.File;
import java.io.FileWriter;
import java.io.Writer;
import java.util.Arrays;
import org.apache.velocity.Template;
import org.apache.velocity.VelocityContext;
import org.apache.velocity.app.VelocityEngine;

/** Renders a Velocity template. args: the template directory, the output directory. */
public class Main {
    public static void main(String[] args) throws Exception {
        VelocityEngine engine = new VelocityEngine();
        engine.setProperty("file.resource.loader.path", args[0]);
        engine.setProperty("runtime.log", new File(args[1], "velocity.log").getPath());
        engine.init();
        VelocityContext context = new VelocityContext();
        context.put("title", "Shop");
        context.put("items", Arrays.asList(new Item("pen", 3), new Item("book", 12), new Item("cup", 7)));
        Template template = engine.getTemplate("page.vm", "UTF-8");
        try (Writer out = new FileWriter(new File(args[1], "page.html"))) {
            template.merge(context, out);
        }
    }

    /** A bean the template reads through Velocity's introspection. */
    public static class Item {
        private final String name;
        private final int price;

        public Item(String name, int price) {
            this.name = name;
            this.price = price;
        }

        public String getName() {
            return name;
        }

        public int getPrice() {
            return price;
        }

        public boolean isCheap() {
            return price < 5;
        }
    }
}
EOF
        javac -nowarn -d "$WORK/in/cls" -cp "$(IFS=:; echo "${INPUTS[*]}")" "$WORK/in/src/demo/Main.java" \
            || die "cannot compile the velocity driver"
        jar cf "$WORK/in/demo.jar" -C "$WORK/in/cls" . || die "cannot pack the velocity driver"
        INPUTS=("$WORK/in/demo.jar" "${INPUTS[@]}")
        cat > "$WORK/in/templates/page.vm" <<'EOF'
#macro( row $item $n )<tr><td>$n</td><td>$item.name</td><td>$item.getPrice()</td>#if( $item.cheap )<td>cheap</td>#end</tr>
#end
<html><head><title>$title.toUpperCase()</title></head><body><table>
#set( $total = 0 )
#foreach( $item in $items )
#row( $item $velocityCount )
#set( $total = $total + $item.price )
#end
</table>
<p>total: $total, items: $items.size()</p>
#if( $total > 20 )<p>expensive</p>#elseif( $total > 10 )<p>fair</p>#else<p>cheap</p>#end
#include( "footer.txt" )
</body></html>
EOF
        echo "<!-- footer -->" > "$WORK/in/templates/footer.txt"
        ARGS=("$WORK/in/templates" "$WORK/gen") ;; # ARGS[1]: the output, as for the others
    junit) # JUnit 4.13.2 running the tests of Apache Commons CLI 1.4 (its tests jar from Maven Central):
           # the test classes are named only on the command line (JUnitCore: Class.forName), their
           # constructors and test methods are found by JUnit's reflection (getConstructors,
           # getDeclaredMethods and their annotations) and called by Constructor.newInstance and
           # Method.invoke; commons-cli's own TypeHandler makes the objects and classes a
           # PatternOptionBuilder pattern names (Class.forName, newInstance) from the tests' input
        INPUTS=("$(fetch commons-cli:commons-cli:1.4:jar:tests)" "$(fetch commons-cli:commons-cli:1.4)"
                "$(fetch junit:junit:4.13.2)" "$(fetch org.hamcrest:hamcrest-core:1.3)")
        MAIN=org.junit.runner.JUnitCore
        mapfile -t ARGS < <(unzip -Z1 "${INPUTS[0]}" | grep 'Test\.class$' | sed 's/\.class$//; s#/#.#g' | sort)
        [[ ${#ARGS[@]} -gt 0 ]] || die "no test class in ${INPUTS[0]}"
        OUTPUT_ARG= ;; # JUnitCore exits non-zero when a test fails; it writes no file
    pmd) # PMD 4.2.6 checking a small source file against six of its rulesets: the rule classes are
         # named only in the ruleset XML files of its jar (RuleSetFactory: ClassLoader.loadClass, then
         # newInstance, cast to Rule), read with the JDK's DOM parser
        INPUTS=("$(fetch pmd:pmd:4.2.6)" "$(fetch jaxen:jaxen:1.1.1)" "$(fetch asm:asm:3.1)")
        MAIN=net.sourceforge.pmd.PMD
        mkdir -p "$WORK/in/src/demo"
        cat > "$WORK/in/src/demo/Shop.java" <<'EOF2'
package demo;

import java.util.*;
import java.io.File;

public class Shop {
    private List items = new ArrayList();
    private int total;
    private String unused;

    public void add(String name, int price) {
        if (price < 0) {
        }
        try {
            items.add(name);
        } catch (Exception e) {
        }
        String s = new String("x");
        if (name.equals("")) total = total + price;
        for (int i = 0; i < items.size(); i++) {
            String label = "item " + i;
            label = label + name.toString();
            System.out.println(label);
        }
    }

    private void helper() {
    }

    public int getTotal() { return total; }

    public boolean equals(Object o) { return o == this; }
}
EOF2
        OUT_FILE=report.txt
        OUTPUT_ARG=4
        ARGS=("$WORK/in/src" text basic,braces,unusedcode,strings,imports,design -reportfile "$WORK/gen/report.txt") ;;
    bsh) # BeanShell 2.0b4 running a script: the classes a script names are loaded by name
         # (BshClassManager.classForName), their constructors and methods found among getConstructors()
         # and getMethods() and called by Constructor.newInstance and Method.invoke; script commands
         # are scripts or classes found by name ("bsh.commands." + the command's name, dir here)
        INPUTS=("$(fetch org.beanshell:bsh:2.0b4)")
        MAIN=bsh.Interpreter
        cat > "$WORK/in/demo.bsh" <<'EOF2'
import java.util.*;
total = 0;
prices = new int[] { 3, 12, 7 };
for (int p : prices) { total += p; }
names = new ArrayList();
names.add("pen"); names.add("book"); names.add("cup");
Collections.sort(names);
int square(int x) { return x * x; }
print("total " + total + ", square " + square(4) + ", names " + names);
dir(bsh.args[0]);
sb = new StringBuilder();
sb.append("a").append(1);
print(sb.toString().length());
EOF2
        OUTPUT_ARG=
        ARGS=("$WORK/in/demo.bsh" "$WORK/in") ;;
    checkstyle) # Checkstyle 10.21.4 with its whole runtime closure (36 jars: commons-beanutils, Saxon-HE,
                # antlr4-runtime, guava, picocli, reflections, ...) checking a source file against its
                # bundled google_checks.xml: the check classes are named only in that XML
                # (PackageObjectFactory: Class.forName, getDeclaredConstructor().newInstance()), their
                # properties set through commons-beanutils (the setters java.beans finds, Method.invoke)
        mapfile -t INPUTS < <(closure com.puppycrawl.tools:checkstyle:10.21.4)
        MAIN=com.puppycrawl.tools.checkstyle.Main
        mkdir -p "$WORK/in/demo"
        cat > "$WORK/in/demo/Shop.java" <<'EOF2'
package demo;

import java.util.*;

public class Shop {
    private List<String> items = new ArrayList<>();
    private int total;
    public static final int max_items = 10;

    public void add(String name, int price) {
        if (price < 0) {
        }
        try {
            items.add(name);
        } catch (Exception e) {
        }
        if (name.equals("")) total = total + price;
        for (int i = 0; i < items.size(); i++) {
            String label = "item " + i;
            System.out.println(label);
        }
    }

    public int getTotal() { return total; }
}
EOF2
        OUT_FILE=report.txt
        OUTPUT_ARG=3
        ARGS=(-c /google_checks.xml -o "$WORK/gen/report.txt" "$WORK/in/demo/Shop.java") ;;
    saxon) # Saxon-HE 12.5 (with its closure: xmlresolver, httpclient5) transforming a small document with
           # an XSLT 2.0 stylesheet: its configuration, the JAXP factories and its optional parts are
           # found by name (Configuration.newConfiguration, DynamicLoader: Class.forName, newInstance)
        mapfile -t INPUTS < <(closure net.sf.saxon:Saxon-HE:12.5)
        MAIN=net.sf.saxon.Transform
        cat > "$WORK/in/in.xml" <<'EOF2'
<?xml version="1.0"?>
<shop><item price="3" name="pen"/><item price="12" name="book"/><item price="7" name="cup"/></shop>
EOF2
        cat > "$WORK/in/style.xsl" <<'EOF2'
<?xml version="1.0"?>
<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xsl:output method="html" indent="yes" encoding="UTF-8"/>
  <xsl:param name="limit" select="5"/>
  <xsl:key name="byName" match="item" use="@name"/>
  <xsl:template match="/">
    <html><body><table>
      <xsl:for-each select="shop/item">
        <xsl:sort select="@price" data-type="number" order="descending"/>
        <xsl:if test="xs:integer(@price) gt $limit">
          <tr><td><xsl:value-of select="upper-case(@name)"/></td>
              <td><xsl:number value="position()" format="1."/></td>
              <td><xsl:value-of select="format-number(@price, '#.00')"/></td></tr>
        </xsl:if>
      </xsl:for-each>
      <xsl:call-template name="total"><xsl:with-param name="n" select="count(shop/item)"/></xsl:call-template>
      <xsl:value-of select="string-join(for $i in shop/item return $i/@name, ', ')"/>
      <xsl:choose><xsl:when test="key('byName', 'pen')">pen</xsl:when><xsl:otherwise>none</xsl:otherwise></xsl:choose>
    </table></body></html>
  </xsl:template>
  <xsl:template name="total"><xsl:param name="n"/><p><xsl:value-of select="concat('items: ', $n)"/></p></xsl:template>
</xsl:stylesheet>
EOF2
        OUT_FILE=out.html
        OUTPUT_ARG=0
        OUT_PREFIX=-o: # the output is one argument with its option's name
        ARGS=("-o:$WORK/gen/out.html" "-s:$WORK/in/in.xml" "-xsl:$WORK/in/style.xsl") ;;
    digester) # Apache Commons Digester 2.1 (with commons-beanutils 1.8.3, commons-logging) reading a
              # catalogue into beans by a small driver: ObjectCreateRule makes the bean classes named in
              # the rules (loadClass, newInstance), SetPropertiesRule and BeanPropertySetterRule set
              # their properties through commons-beanutils (java.beans introspection, Method.invoke),
              # SetNextRule and CallMethodRule call methods found by name (MethodUtils)
        mapfile -t INPUTS < <(closure commons-digester:commons-digester:2.1)
        MAIN=demo.Main
        mkdir -p "$WORK/in/src/demo" "$WORK/in/cls"
        cat > "$WORK/in/src/demo/Main.java" <<'EOF2'
package demo;

import java.io.File;
import java.io.FileWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.digester.Digester;

/** Reads a catalogue with Digester's rules. args: the XML file, the output file. */
public class Main {
    public static void main(String[] args) throws Exception {
        Digester d = new Digester();
        d.setValidating(false);
        d.addObjectCreate("catalog", "demo.Main$Catalog");
        d.addSetProperties("catalog");
        d.addObjectCreate("catalog/book", "demo.Main$Book");
        d.addSetProperties("catalog/book", "id", "code");
        d.addBeanPropertySetter("catalog/book/title");
        d.addBeanPropertySetter("catalog/book/price");
        d.addCallMethod("catalog/book/tag", "addTag", 1);
        d.addCallParam("catalog/book/tag", 0);
        d.addSetNext("catalog/book", "addBook", "demo.Main$Book");
        Catalog c = (Catalog) d.parse(new File(args[0]));
        try (Writer out = new FileWriter(args[1])) {
            out.write(c.getName() + "\n");
            for (Book b : c.getBooks()) {
                out.write(b.getCode() + " " + b.getTitle() + " " + b.getPrice() + " " + b.getTags() + "\n");
            }
        }
    }

    /** The root bean. */
    public static class Catalog {
        private String name;
        private final List<Book> books = new ArrayList<>();

        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
        public void addBook(Book b) { books.add(b); }
        public List<Book> getBooks() { return books; }
    }

    /** A book: properties set from attributes and nested elements. */
    public static class Book {
        private String code;
        private String title;
        private double price;
        private final List<String> tags = new ArrayList<>();

        public String getCode() { return code; }
        public void setCode(String code) { this.code = code; }
        public String getTitle() { return title; }
        public void setTitle(String title) { this.title = title; }
        public double getPrice() { return price; }
        public void setPrice(double price) { this.price = price; }
        public void addTag(String t) { tags.add(t); }
        public List<String> getTags() { return tags; }
    }
}
EOF2
        javac -nowarn -d "$WORK/in/cls" -cp "$(IFS=:; echo "${INPUTS[*]}")" "$WORK/in/src/demo/Main.java" \
            || die "cannot compile the digester driver"
        jar cf "$WORK/in/demo.jar" -C "$WORK/in/cls" . || die "cannot pack the digester driver"
        INPUTS=("$WORK/in/demo.jar" "${INPUTS[@]}")
        cat > "$WORK/in/catalog.xml" <<'EOF2'
<?xml version="1.0"?>
<catalog name="shop">
  <book id="b1"><title>Pens</title><price>3.5</price><tag>office</tag><tag>cheap</tag></book>
  <book id="b2"><title>Books</title><price>12</price><tag>paper</tag></book>
</catalog>
EOF2
        OUT_FILE=out.txt
        OUTPUT_ARG=1
        ARGS=("$WORK/in/catalog.xml" "$WORK/gen/out.txt") ;;
    *) die "unknown program '$PROGRAM': sablecc, antlr, xalan, log4j, ant, velocity, junit, pmd, bsh, checkstyle, saxon or digester" ;;


esac
CP=$(IFS=:; echo "${INPUTS[*]}")

if [[ $REUSE == 0 ]]; then
    echo "recall: running $PROGRAM ($MAIN) with touched-method and class-load logging ($RUN_JAVA_OPTS)" >&2
    # shellcheck disable=SC2086
    java $RUN_JAVA_OPTS -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods -XX:+PrintTouchedMethodsAtExit \
        "-Xlog:class+load=info:file=$WORK/classload.txt" -cp "$CP" "$MAIN" "${ARGS[@]}" \
        > "$WORK/touched.txt" 2> "$WORK/run-stderr.txt" || die "$PROGRAM failed: see $WORK/touched.txt and $WORK/run-stderr.txt"
    [[ -z $OUTPUT_ARG || -n $(ls -A "$WORK/gen") ]] || die "$PROGRAM generated nothing: see $WORK/touched.txt"
fi

LOG_ARGS=()
if [[ ${RECORD:-1} != 0 && $REUSE == 0 ]]; then
    echo "recall: recording its reflective calls and call edges (jphantom record) into $WORK/refl.log, calls.txt" >&2
    rm -rf "$WORK/gen-recorded"; mkdir -p "$WORK/gen-recorded"
    RARGS=("${ARGS[@]}")
    [[ -z $OUTPUT_ARG ]] || RARGS[OUTPUT_ARG]=${OUT_PREFIX:-}$WORK/gen-recorded${OUT_FILE:+/$OUT_FILE} # the output (-d, -o, -OUT) of a second run
    java -jar "$JPHANTOM" record -o "$WORK/refl.log" --calls "$WORK/calls.txt" -- java $RECORD_JAVA_OPTS -cp "$CP" "$MAIN" "${RARGS[@]}" \
        > "$WORK/recorded-run.txt" 2>&1 || die "the recorded run failed: see $WORK/recorded-run.txt"
    [[ -f $WORK/refl.log ]] || die "no reflection log: see $WORK/recorded-run.txt"
    LOG_ARGS=(--log "$WORK/refl.log")
elif [[ $REUSE == 1 && -f $WORK/refl.log ]]; then
    LOG_ARGS=(--log "$WORK/refl.log")
fi

if [[ ${EDGES:-0} != 0 && ( $REUSE == 0 || ! -s $WORK/dynamic-edges.txt ) ]]; then
    echo "recall: running $PROGRAM again with the call-edge agent (bench/jvmti/edges.c)" >&2
    JH=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    gcc -shared -fPIC -O2 -I"$JH/include" -I"$JH/include/linux" "$ROOT/bench/jvmti/edges.c" -o "$WORK/libedges.so" \
        || die "cannot build the call-edge agent (needs gcc and the JDK's jvmti.h)"
    rm -rf "$WORK/gen-edges"; mkdir -p "$WORK/gen-edges"
    EARGS=("${ARGS[@]}")
    [[ -z $OUTPUT_ARG ]] || EARGS[OUTPUT_ARG]=${OUT_PREFIX:-}$WORK/gen-edges${OUT_FILE:+/$OUT_FILE}
    # shellcheck disable=SC2086
    java $RUN_JAVA_OPTS "-agentpath:$WORK/libedges.so=$WORK/dynamic-edges.txt" -cp "$CP" "$MAIN" "${EARGS[@]}" \
        > "$WORK/edges-run.txt" 2>&1 || die "the run with the call-edge agent failed: see $WORK/edges-run.txt"
fi

ANALYSED=() # the program's jars that hold classes (a run's class path may hold data-only jars too)
for jar in "${INPUTS[@]}"; do
    if has_classes "$jar"; then ANALYSED+=("$jar"); fi
done
CMDLINE_ARGS=() # the run's arguments as --arg, with COMMAND_LINE=1
if [[ ${COMMAND_LINE:-0} != 0 ]]; then
    for a in "${ARGS[@]}"; do CMDLINE_ARGS+=("--arg=$a"); done
    echo "recall: with the run's command line (${#ARGS[@]} arguments as --arg)" >&2
fi
LABEL="$*"; [[ ${#CMDLINE_ARGS[@]} -eq 0 ]] || LABEL+=" (+ the run's ${#CMDLINE_ARGS[@]} arguments as --arg)" # how the lines below name the analysis
echo "recall: jphantom analyze ${ANALYSED[*]##*/} --main $MAIN $LABEL" >&2
# shellcheck disable=SC2086
/usr/bin/time -f '%e %U %S %M' -o "$WORK/analysis-time.txt" \
    java $JAVA_OPTS -jar "$JPHANTOM" analyze "${ANALYSED[@]}" --main "$MAIN" --missing ignore --out "$WORK/analysis" -q \
    "$@" "${CMDLINE_ARGS[@]}" \
    || die "analysis failed"
read -r WALL USER SYS RSS < "$WORK/analysis-time.txt"
echo "== $PROGRAM: jphantom analyze $LABEL: $WALL s wall, $(awk -v u="$USER" -v s="$SYS" 'BEGIN { print u + s }') s CPU,"\
    "peak RSS $((RSS / 1024)) MB, $(wc -l < "$WORK/analysis/reachable-methods.txt") reachable methods"

echo "== $PROGRAM: recall of jphantom analyze $LABEL against one run"
java "$ROOT/bench/Recall.java" "${LOG_ARGS[@]}" "$WORK/touched.txt" "$WORK/classload.txt" "$WORK/analysis/reachable-methods.txt" \
    "${INPUTS[@]}"
if [[ ${EDGES:-0} != 0 ]]; then
    echo "== $PROGRAM: call edges of jphantom analyze $LABEL against the run's (JVMTI agent)"
    java "$ROOT/bench/EdgeRecall.java" "$WORK/dynamic-edges.txt" "$WORK/analysis/call-edges.txt" \
        "$WORK/analysis/reachable-methods.txt" "${INPUTS[@]}"
elif [[ -s $WORK/calls.txt ]]; then
    echo "== $PROGRAM: call edges of jphantom analyze $LABEL against the recorded run's (jphantom record --calls)"
    java "$ROOT/bench/EdgeRecall.java" "$WORK/calls.txt" "$WORK/analysis/call-edges.txt" \
        "$WORK/analysis/reachable-methods.txt" "${INPUTS[@]}"
fi
