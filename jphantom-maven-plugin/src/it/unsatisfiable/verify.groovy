def log = new File(basedir, 'build.log').text
assert log.contains('Caused by: org.apache.maven.plugin.MojoFailureException: jphantom: ')
// The conflict, each side with the method it came from.
assert log.contains('u.K.a(Lq/P;)V')
assert log.contains('u.L.b(Lq/P;)V')
def reports = new File(basedir, 'b/target/jphantom')
def conflict = new File(reports, 'conflict.html').text
assert conflict.contains('u.K') && conflict.contains('u.L')
assert new File(reports, 'index.html').text.contains('href="conflict.html"')
assert !new File(basedir, 'b/target/b-1.0-complete.jar').exists()
return true
