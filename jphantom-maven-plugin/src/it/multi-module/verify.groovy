def target = new File(basedir, 'app/target')
assert new File(target, 'app-1.0-complete.jar').isFile()
def report = new groovy.json.JsonSlurper().parse(new File(target, 'jphantom/report.json'))
def names = report.phantoms.collect { it.name }
assert names.contains('org/apache/commons/cli/Options')
assert !names.any { it.startsWith('it/lib/') } : "the reactor's lib became phantoms: " + names
def log = new File(basedir, 'build.log').text
assert log =~ /app-1.0-complete.jar: \d+ classes loaded and linked, \d+ references resolved, 0 failures/
return true
