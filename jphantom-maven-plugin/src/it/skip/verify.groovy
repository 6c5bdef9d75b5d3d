def target = new File(basedir, 'target')
assert new File(target, 'skip-1.0.jar').isFile()
assert !new File(target, 'skip-1.0-complete.jar').exists()
assert !new File(target, 'jphantom').exists()
def log = new File(basedir, 'build.log').text
assert log.count('jphantom: skipped (jphantom.skip)') == 3
return true
