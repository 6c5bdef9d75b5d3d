import java.util.zip.ZipFile

def target = new File(basedir, 'target')
def complete = new File(target, 'provided-dependency-1.0-complete.jar')
assert complete.isFile() : "no completed jar"
def entries = new ZipFile(complete).withCloseable { z -> z.entries().collect { it.name } }
assert entries.contains('it/app/App.class')
assert entries.contains('org/apache/commons/cli/Options.class') : "phantom Options missing: " + entries
assert entries.contains('org/apache/commons/cli/DefaultParser.class')

def reports = new File(target, 'jphantom')
['report.json', 'index.html', 'constraints.html', 'hierarchy.svg', 'hierarchy.dot', 'phantom/org.apache.commons.cli.Options.html'].each {
    assert new File(reports, it).isFile() : "missing report file " + it
}
def report = new groovy.json.JsonSlurper().parse(new File(reports, 'report.json'))
assert report.schemaVersion == 1
assert report.phantoms.collect { it.name }.contains('org/apache/commons/cli/CommandLine')

def log = new File(basedir, 'build.log').text
assert log =~ /verify .*provided-dependency-1.0-complete.jar: \d+ classes loaded and linked, \d+ references resolved, 0 failures/
assert log.contains('jphantom: check: all rules met')

// Attached with classifier "complete": installed next to the main jar.
def installed = new File(localRepositoryPath, 'it/jphantom/provided-dependency/1.0')
assert new File(installed, 'provided-dependency-1.0-complete.jar').isFile() : "complete artifact not installed"
assert new File(installed, 'provided-dependency-1.0.jar').isFile()
return true
