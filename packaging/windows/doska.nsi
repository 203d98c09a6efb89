; Doska's Windows installer, built by the release workflow with NSIS:
;   makensis /DVERSION=0.1.0 /DEXE=path\to\doska.exe packaging\windows\doska.nsi
; Installs doska.exe for all users with a Start menu entry and an uninstaller. The
; player's settings and saves live in %APPDATA%\Doska\doska and stay after uninstalling.
Unicode true
!include "MUI2.nsh"

Name "Doska"
OutFile "doska-${VERSION}-windows-x86_64-setup.exe"
InstallDir "$PROGRAMFILES64\Doska"
RequestExecutionLevel admin

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Russian"
!insertmacro MUI_LANGUAGE "Ukrainian"

Section "Doska"
  SetOutPath "$INSTDIR"
  File "/oname=doska.exe" "${EXE}"
  File "/oname=README.md" "README.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\Doska.lnk" "$INSTDIR\doska.exe"
  WriteRegStr HKLM "Software\Microsoft\Windows\CurrentVersion\Uninstall\Doska" "DisplayName" "Doska"
  WriteRegStr HKLM "Software\Microsoft\Windows\CurrentVersion\Uninstall\Doska" "DisplayVersion" "${VERSION}"
  WriteRegStr HKLM "Software\Microsoft\Windows\CurrentVersion\Uninstall\Doska" "UninstallString" "$INSTDIR\uninstall.exe"
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\Doska.lnk"
  Delete "$INSTDIR\doska.exe"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKLM "Software\Microsoft\Windows\CurrentVersion\Uninstall\Doska"
SectionEnd
