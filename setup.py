"""Installs the Python module cardhall into the running interpreter's
environment (docs/python.md):

    python3 -m venv --system-site-packages venv   # numpy from Debian
    venv/bin/pip install --no-build-isolation --no-index .

No package index is needed. The C extension is built by the project's own
CMake (the library and the module, nothing else), so it is the same code as
`make python` builds; Python's headers, numpy, cmake and a C compiler must be
there (scripts/install-deps.sh installs them on Debian).
"""

import glob
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def version():
    text = open(os.path.join(HERE, "CMakeLists.txt"), encoding="utf-8").read()
    return re.search(r"project\(cardhall VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    """Builds cardhall._cardhall with CMake (target cardhall_python) for this interpreter."""

    def build_extension(self, ext):
        tmp = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        os.makedirs(tmp, exist_ok=True)
        subprocess.check_call([
            "cmake", "-S", HERE, "-B", tmp, "-DCMAKE_BUILD_TYPE=Release",
            "-DPython3_EXECUTABLE=" + sys.executable, "-DCH_WITH_MPI=OFF",
        ], stdout=subprocess.DEVNULL)
        jobs = str(os.cpu_count() or 2)
        subprocess.check_call(["cmake", "--build", tmp, "--target", "cardhall_python", "-j", jobs])
        built = glob.glob(os.path.join(tmp, "python", "cardhall", "_cardhall*.so"))
        if len(built) != 1:
            raise RuntimeError(f"cardhall: expected one _cardhall*.so in {tmp}, found {built}")
        dest = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(built[0], dest)


setup(
    name="cardhall",
    version=version(),
    description="Five card games in C for AI research: a pyspiel-like API, "
                "vectorised environments and bots",
    packages=["cardhall"],
    package_dir={"": "python"},
    package_data={"cardhall": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("cardhall._cardhall", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # Out of the CMake tree build/ (the default build_base): a pip install
    # from a checkout leaves build-python/ and python/cardhall.egg-info.
    options={"build": {"build_base": "build-python"}},
    install_requires=["numpy"],
    python_requires=">=3.10",  # Py_NewRef, PyModule_AddObjectRef
    zip_safe=False,
)
